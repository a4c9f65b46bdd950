/// What to do after one attempt to deliver one notification to one device, as the provider's
/// reply dictates (see ``APNSErrorTable`` and ``FCMErrorTable``).
///
/// `reason` is the provider's own word for the problem, verbatim (`"Unregistered"`,
/// `"QUOTA_EXCEEDED"`), or `HTTP <status>` when the reply named none; reasons the tables do not
/// know end in ` (unrecognised)`. Reasons never contain credentials.
public enum DeliveryOutcome: Sendable, Hashable {
    /// The provider accepted the notification. `providerMessageID` is the `apns-id` reply header
    /// or FCM's message `name`. Final.
    case delivered(providerMessageID: String?)
    /// The device token is dead: remove the device. Final.
    case prune(reason: String)
    /// The request itself is wrong (or refers to an old registration): drop this notification for
    /// this device and tell an operator; retrying cannot help. Final; the device stays.
    case fail(reason: String)
    /// A passing problem: send again after `after`, or after the sender's own exponential backoff
    /// with jitter when `nil`. `freshConnection`: on a new connection rather than this one.
    case retry(after: Duration?, reason: String, freshConnection: Bool)
    /// The provider refused the credential as expired (APNs `ExpiredProviderToken`, FCM
    /// `UNAUTHENTICATED`): ask the token provider for a replacement of the refused one and send
    /// again at once. If the replacement is refused too, the table answers ``halt(reason:)``.
    case refreshCredentials(reason: String)
    /// A credential or configuration fault that affects every notification (bad key, wrong topic,
    /// revoked APNs key in Firebase): stop sending through this provider, keep the jobs, page an
    /// operator. Nothing is pruned and no retries are spent.
    case halt(reason: String)

    /// Whether this device is done with this notification: delivered, pruned or failed.
    public var isFinal: Bool {
        switch self {
        case .delivered, .prune, .fail: true
        case .retry, .refreshCredentials, .halt: false
        }
    }

    /// Why the notification was not delivered; `nil` when it was.
    public var reason: String? {
        switch self {
        case .delivered: nil
        case .prune(let reason), .fail(let reason), .retry(_, let reason, _), .refreshCredentials(let reason),
            .halt(let reason):
            reason
        }
    }
}
