/// An error from the test harness: a missing dependency, a process that misbehaved,
/// a deadline that passed. Match on ``code``; read ``message`` (it says what to do).
public struct TestSupportError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong; compare with the static members.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private enum Base: String, Hashable, Sendable {
            case notInstalled = "not installed"
            case notFound = "not found"
            case timedOut = "timed out"
            case exitedEarly = "exited early"
            case systemCall = "system call failed"
            case connectionClosed = "connection closed"
            case unexpectedReply = "unexpected reply"
        }

        private let base: Base
        private init(_ base: Base) { self.base = base }

        /// A tool the tests need (beanstalkd, the Python peer) is missing; `make test` installs it.
        public static let notInstalled = Code(.notInstalled)
        /// An executable, script or file the test asked for does not exist.
        public static let notFound = Code(.notFound)
        /// A deadline passed: a process did not exit, a line did not arrive, a server did not start.
        public static let timedOut = Code(.timedOut)
        /// A process exited before it did what the test waited for (start listening, print a line).
        public static let exitedEarly = Code(.exitedEarly)
        /// A POSIX call failed; the message names it and the `errno` text.
        public static let systemCall = Code(.systemCall)
        /// The peer closed the connection while a reply was expected.
        public static let connectionClosed = Code(.connectionClosed)
        /// A server replied with something the harness did not expect.
        public static let unexpectedReply = Code(.unexpectedReply)

        public var description: String { base.rawValue }
    }

    /// The kind of error.
    public var code: Code
    /// What happened and, where it helps, what to do about it.
    public var message: String

    /// Creates an error of kind `code`.
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { message }

    /// A ``Code/systemCall`` error for `call` with the text of the current `errno`.
    static func systemCall(_ call: String, errno number: Int32) -> TestSupportError {
        TestSupportError(.systemCall, "\(call) failed: \(Posix.errorText(number)) (errno \(number))")
    }
}
