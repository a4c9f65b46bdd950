#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One row's action in the APNs and FCM error tables, before the reply's details and the
/// ``DeliveryContext`` turn it into a ``DeliveryOutcome``.
enum ReplyRule: Sendable, Hashable {
    /// The request is wrong: ``DeliveryOutcome/fail(reason:)``.
    case fix
    /// A credential or configuration fault: ``DeliveryOutcome/halt(reason:)``.
    case halt
    /// The token is dead: ``DeliveryOutcome/prune(reason:)``.
    case prune
    /// APNs 410: prune unless the token was registered again at or after the reply's timestamp.
    case pruneUnlessReregistered
    /// The token belongs elsewhere: prune, or halt when most devices hear the same.
    case pruneUnlessWidespread
    /// The credential is refused for this device, which can concern it alone (a token of another
    /// team, an iPhone of another app in Firebase): fail it, or halt when most devices hear the same.
    case failUnlessWidespread
    /// Retry after the reply's `Retry-After`, else after `defaultDelay` (`nil`: the sender's backoff).
    case retry(defaultDelay: Duration?, freshConnection: Bool)
    /// The credential was refused: refresh it once, halt if the fresh one is refused too.
    case refreshOnce

    /// The outcome of this rule for a reply with `reason`, its `Retry-After` and (APNs 410) its
    /// `timestamp`, in `context`.
    func outcome(reason: String, retryAfter: Duration?, timestamp: Date?, context: DeliveryContext) -> DeliveryOutcome {
        switch self {
        case .fix:
            return .fail(reason: reason)
        case .halt:
            return .halt(reason: reason)
        case .prune:
            return .prune(reason: reason)
        case .pruneUnlessReregistered:
            if let timestamp, let registered = context.tokenRegisteredAt, registered >= timestamp {
                return .fail(reason: reason)
            }
            return .prune(reason: reason)
        case .pruneUnlessWidespread:
            return context.widespread ? .halt(reason: reason) : .prune(reason: reason)
        case .failUnlessWidespread:
            return context.widespread ? .halt(reason: reason) : .fail(reason: reason)
        case .retry(let defaultDelay, let freshConnection):
            return .retry(after: retryAfter ?? defaultDelay, reason: reason, freshConnection: freshConnection)
        case .refreshOnce:
            return context.credentialsRefreshed ? .halt(reason: reason) : .refreshCredentials(reason: reason)
        }
    }

    /// The rule for a 5xx `status` without a known reason: retry with backoff; `nil` for other statuses.
    static func serverError(_ status: Int, freshConnection: Bool) -> ReplyRule? {
        (500..<600).contains(status) ? .retry(defaultDelay: nil, freshConnection: freshConnection) : nil
    }

    /// What an unrecognised reason gets: a retry with the sender's backoff, its reason marked.
    static func unrecognised(_ reason: String, retryAfter: Duration?) -> DeliveryOutcome {
        .retry(after: retryAfter, reason: "\(reason) (unrecognised)", freshConnection: false)
    }
}
