/// Timeouts and checks for a beanstalkd connection.
public struct BeanstalkConfiguration: Sendable, Hashable {
    /// How long to wait for the TCP or unix-socket connection.
    public var connectTimeout: Duration
    /// How long any non-blocking command may wait for its reply. A command that gives up
    /// cannot free its place in the reply queue, so a timeout closes the connection.
    public var commandTimeout: Duration
    /// Extra time allowed past a `reserve-with-timeout` before the client gives up on the server.
    public var reserveGrace: Duration
    /// Read `max-job-size` from `stats` when connecting and refuse larger bodies locally,
    /// instead of sending them and getting `JOB_TOO_BIG` after the upload.
    public var checksJobSize: Bool

    public init(
        connectTimeout: Duration = .seconds(5),
        commandTimeout: Duration = .seconds(10),
        reserveGrace: Duration = .seconds(5),
        checksJobSize: Bool = true
    ) {
        self.connectTimeout = connectTimeout
        self.commandTimeout = commandTimeout
        self.reserveGrace = reserveGrace
        self.checksJobSize = checksJobSize
    }
}
