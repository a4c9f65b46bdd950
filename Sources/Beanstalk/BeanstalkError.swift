/// An error from the beanstalkd client: either a reply the server sent or something
/// that went wrong locally. Match on ``code``.
public struct BeanstalkError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What kind of error this is; compare with the static members.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private enum Base: String, Hashable, Sendable {
            // Replies from the server.
            case notFound = "NOT_FOUND"
            case buried = "BURIED"
            case jobTooBig = "JOB_TOO_BIG"
            case draining = "DRAINING"
            case deadlineSoon = "DEADLINE_SOON"
            case timedOut = "TIMED_OUT"
            case expectedCRLF = "EXPECTED_CRLF"
            case badFormat = "BAD_FORMAT"
            case unknownCommand = "UNKNOWN_COMMAND"
            case outOfMemory = "OUT_OF_MEMORY"
            case internalError = "INTERNAL_ERROR"
            case notIgnored = "NOT_IGNORED"
            // Local conditions.
            case connectionFailed = "connection failed"
            case connectionClosed = "connection closed"
            case commandTimedOut = "command timed out"
            case protocolViolation = "protocol violation"
            case invalidTubeName = "invalid tube name"
            case invalidArgument = "invalid argument"
            case jobTooBigLocally = "job too big (checked locally)"
            case reservationLost = "reservation lost"
        }

        private let base: Base
        private init(_ base: Base) { self.base = base }

        /// `NOT_FOUND`: no such job or tube, or the job is not reserved by this connection.
        public static let notFound = Code(.notFound)
        /// `BURIED`: the server ran out of memory and buried the job (put/release).
        public static let buried = Code(.buried)
        /// `JOB_TOO_BIG`: the server rejected a body over its `max-job-size`.
        public static let jobTooBig = Code(.jobTooBig)
        /// `DRAINING`: the server is in drain mode and refuses new jobs.
        public static let draining = Code(.draining)
        /// `DEADLINE_SOON`: one of this connection's reservations expires within a second.
        public static let deadlineSoon = Code(.deadlineSoon)
        /// `TIMED_OUT` to a blocking `reserve`: the client half-closed its socket.
        public static let timedOut = Code(.timedOut)
        /// `EXPECTED_CRLF`: a put body was mis-sized; the connection is closed.
        public static let expectedCRLF = Code(.expectedCRLF)
        /// `BAD_FORMAT`: the server could not parse a command.
        public static let badFormat = Code(.badFormat)
        /// `UNKNOWN_COMMAND`: the server does not know a command.
        public static let unknownCommand = Code(.unknownCommand)
        /// `OUT_OF_MEMORY`: the server could not allocate (or ran out of descriptors); retry later.
        public static let outOfMemory = Code(.outOfMemory)
        /// `INTERNAL_ERROR`: a server bug.
        public static let internalError = Code(.internalError)
        /// `NOT_IGNORED`: the tube is the last one watched.
        public static let notIgnored = Code(.notIgnored)
        /// The TCP or unix-socket connection could not be established.
        public static let connectionFailed = Code(.connectionFailed)
        /// The connection closed (or was closed) before the reply arrived.
        public static let connectionClosed = Code(.connectionClosed)
        /// No reply within the command timeout; the connection has been closed.
        public static let commandTimedOut = Code(.commandTimedOut)
        /// The server sent something that does not fit the protocol; the connection has been closed.
        public static let protocolViolation = Code(.protocolViolation)
        /// A tube name that beanstalkd would reject.
        public static let invalidTubeName = Code(.invalidTubeName)
        /// An argument out of the protocol's range (for example a TTR of 0).
        public static let invalidArgument = Code(.invalidArgument)
        /// A body larger than the server's `max-job-size`, refused before sending.
        public static let jobTooBigLocally = Code(.jobTooBigLocally)
        /// The job was reserved on a connection that has since been lost (or its TTR ran out).
        public static let reservationLost = Code(.reservationLost)

        public var description: String { base.rawValue }
    }

    /// The kind of error.
    public var code: Code
    /// A human-readable explanation; never contains job bodies.
    public var message: String
    /// The job concerned, where the reply names one (`BURIED <id>` on put).
    public var jobID: JobID?

    public init(_ code: Code, _ message: String, jobID: JobID? = nil) {
        self.code = code
        self.message = message
        self.jobID = jobID
    }

    public var description: String { message }
}
