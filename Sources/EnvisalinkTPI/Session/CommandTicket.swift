#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// A command on its way to the panel, and the queue command it came from.
public struct CommandTicket: Sendable, Hashable {
    /// The frame to send.
    public let frame: TPIFrame
    /// The id of the queued command it answers (`nil` for the session's own polls and status requests).
    public let id: UUID?

    public init(frame: TPIFrame, id: UUID?) {
        self.frame = frame
        self.id = id
    }
}

/// How a command ended.
public enum CommandResult: Sendable, Hashable {
    /// The panel acknowledged it (`500`).
    case accepted
    /// It did not go through.
    case failed(CommandFailure)
}

/// Why a command did not go through.
public enum CommandFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// The panel answered `502` with this error.
    case panelError(SystemError)
    /// The panel kept rejecting the frame (`501`).
    case rejected(String)
    /// The link dropped before the command was sent: it did not reach the panel.
    case linkLost(String)
    /// The link dropped after the command was sent, before the panel answered: the panel may
    /// have carried it out, so it must not be sent again automatically.
    case unacknowledged(String)

    public var description: String {
        switch self {
        case let .panelError(error): "panel error \(error)"
        case let .rejected(reason): reason
        case let .linkLost(reason): "panel link lost: \(reason)"
        case let .unacknowledged(reason): "panel link lost after the command was sent, before the panel answered: \(reason)"
        }
    }
}
