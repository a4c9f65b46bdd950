import NIOCore

/// One reply from beanstalkd, framed by its header line alone.
///
/// Only `RESERVED`, `FOUND` and `OK` carry a body; its length is the last token of
/// the header and it is followed by `\r\n`.
enum BeanstalkReply: Sendable, Equatable {
    case inserted(JobID)
    /// `BURIED <id>` after a put, or `BURIED` after bury/release.
    case buried(JobID?)
    case using(String)
    case reserved(JobID, ByteBuffer)
    case found(JobID, ByteBuffer)
    case ok(ByteBuffer)
    case watching(UInt64)
    /// `KICKED <count>` after kick, or `KICKED` after kick-job.
    case kicked(UInt64?)
    case deadlineSoon
    case timedOut
    case deleted
    case released
    case touched
    case paused
    case notFound
    case notIgnored
    case expectedCRLF
    case jobTooBig
    case draining
    case outOfMemory
    case internalError
    case badFormat
    case unknownCommand

    /// The error this reply stands for when it is one of the replies that can answer any command.
    var generalError: BeanstalkError? {
        switch self {
        case .outOfMemory:
            return BeanstalkError(.outOfMemory, "beanstalkd is out of memory (or file descriptors); retry later")
        case .internalError:
            return BeanstalkError(.internalError, "beanstalkd reported an internal error")
        case .badFormat:
            return BeanstalkError(.badFormat, "beanstalkd could not parse the command (BAD_FORMAT)")
        case .unknownCommand:
            return BeanstalkError(.unknownCommand, "beanstalkd does not know the command (UNKNOWN_COMMAND)")
        default:
            return nil
        }
    }
}
