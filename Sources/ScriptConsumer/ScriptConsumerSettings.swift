public import AlarmCore

/// What a script consumer runs, and how: `howalarming consume`'s options.
public struct ScriptConsumerSettings: Sendable {
    /// The consumer's own tube (see ``ConsumeTube``).
    public var tube: TubeName
    /// The program's path (see ``ProgramPath``).
    public var executable: String
    /// The arguments after the program's name.
    public var arguments: [String]
    /// How long the program may run before it is stopped and the job retried.
    public var timeout: Duration
    /// How long after the timeout's SIGTERM a program still running gets SIGKILL.
    public var killAfter: Duration
    /// The exit status with which the program buries the job.
    public var buryExitCode: Int32
    /// Attempts before a job whose program keeps failing is buried.
    public var maximumAttempts: Int

    /// Settings for running `executable` with `arguments` for every event of `tube`.
    public init(
        tube: TubeName, executable: String, arguments: [String], timeout: Duration, killAfter: Duration,
        buryExitCode: Int32 = ScriptOutcomePolicy.defaultBuryExitCode, maximumAttempts: Int
    ) {
        self.tube = tube
        self.executable = executable
        self.arguments = arguments
        self.timeout = timeout
        self.killAfter = killAfter
        self.buryExitCode = buryExitCode
        self.maximumAttempts = maximumAttempts
    }
}
