/// What happens to a job after its script consumer's program ran: exit status 0 deletes the
/// job, the bury exit code buries it, and anything else (another status, a signal, a
/// timeout, a failure to start) releases it for another attempt with the runtime's backoff,
/// until ``ConsumerConfiguration/maximumAttempts`` buries it.
public struct ScriptOutcomePolicy: Sendable, Hashable {
    /// The exit status that buries a job unless configured otherwise: a program's way to say
    /// "this event can never be handled, keep it for an operator".
    public static let defaultBuryExitCode: Int32 = 99
    /// The exit statuses a bury exit code may be: 0 means success, and a status above 255 cannot be exited with.
    public static let buryExitCodes: ClosedRange<Int32> = 1...255

    /// The exit status that buries the job, in ``buryExitCodes``.
    public let buryExitCode: Int32

    /// A policy burying on `buryExitCode`, which must be in ``buryExitCodes``.
    public init(buryExitCode: Int32 = defaultBuryExitCode) {
        precondition(Self.buryExitCodes.contains(buryExitCode), "a bury exit code is from 1 to 255")
        self.buryExitCode = buryExitCode
    }

    /// The job's outcome after the program ended as `termination`.
    public func outcome(for termination: ScriptTermination) -> JobOutcome {
        switch termination {
        case .exited(0):
            .done
        case .exited(buryExitCode):
            .bury(reason: "program exited with status \(buryExitCode), the bury exit code")
        case .exited, .signalled, .timedOut, .failedToStart:
            .retry()
        }
    }
}
