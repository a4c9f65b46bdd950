/// What to do with each APNs reply: every reason and status of Apple's table (the reference's §3).
///
/// - 200: delivered, with the reply's `apns-id`.
/// - 410 `Unregistered`, `ExpiredToken`: prune, unless the token was registered again at or after
///   the reply's `timestamp` (then fail: the reply is about an older registration).
/// - 400 `BadDeviceToken`: prune; the token is bad in its own environment (see below).
/// - 400 `DeviceTokenNotForTopic`: prune; halt when most devices get it (the topic is wrong).
/// - 400 `BadTopic`, `MissingTopic`, `TopicDisallowed`; 403 `BadCertificate`,
///   `BadCertificateEnvironment`, `InvalidProviderToken`, `BadEnvironmentKeyInToken`,
///   `BadEnvironmentKeyIdInToken`: halt.
/// - 403 `Forbidden` (and a 403 without a reason): fail the device; halt when most devices get
///   it. It can concern one token alone, and must not stop every phone's notifications.
/// - 403 `ExpiredProviderToken`: refresh the JWT and send again at once; halt if a fresh JWT gets
///   it too (clock skew).
/// - 403 `UnrelatedKeyIdInToken`: retry at once on a fresh connection (one key per connection).
/// - 400 `BadCollapseId`, `BadExpirationDate`, `BadMessageId`, `BadPriority`, `DuplicateHeaders`,
///   `InvalidPushType`, `MissingDeviceToken`, `PayloadEmpty`; 403 `MissingProviderToken`; 404
///   `BadPath`; 405 `MethodNotAllowed`; 413 `PayloadTooLarge`: fail. (Payloads are fitted to
///   4096 bytes before sending, so a 413 is not worth a shortened second try.)
/// - 400 `IdleTimeout`: retry at once on a fresh connection.
/// - 429 `TooManyProviderTokenUpdates`: retry after `Retry-After`, else after 5 minutes; the
///   token provider never mints for it.
/// - 429 `TooManyRequests`: retry after `Retry-After`, else after the sender's backoff.
/// - 500 `InternalServerError`; 503 `ServiceUnavailable`, `Shutdown`: retry after `Retry-After`
///   or the sender's backoff, on a fresh connection.
/// - An unknown reason: retry after the sender's backoff, the reason marked `(unrecognised)`.
/// - No reason (an empty or unreadable body): by status. 400, 404, 405 and 413 fail, 403 is
///   read as `Forbidden`,
///   410 prunes as `Unregistered` does, 429 retries, 5xx retry on a fresh connection, others
///   retry marked `(unrecognised)`.
///
/// `BadDeviceToken` is often a sandbox token sent to production or the reverse. The reference
/// prunes it only when tokens carry their environment, and here they always do: the registry
/// records an environment with every APNs device (`production` unless the app registered it as
/// `sandbox`), and the sender sends each device to its own environment's servers. A development
/// build that registers without `environment: sandbox` is therefore pruned on its first
/// notification.
public enum APNSErrorTable {
    /// The outcome of `response` for a device and attempt described by `context`.
    public static func action(for response: APNSResponse, context: DeliveryContext) -> DeliveryOutcome {
        if response.status == 200 {
            return .delivered(providerMessageID: response.apnsID)
        }
        let reason = response.reason ?? "HTTP \(response.status)"
        let rule: ReplyRule? =
            if let named = response.reason { reasons[named] } else {
                statuses[response.status] ?? .serverError(response.status, freshConnection: true)
            }
        guard let rule else {
            return ReplyRule.unrecognised(reason, retryAfter: response.retryAfter)
        }
        return rule.outcome(
            reason: reason, retryAfter: response.retryAfter, timestamp: response.timestamp, context: context)
    }

    /// Every reason Apple documents (and the two that only APNSwift lists), by name.
    private static let reasons: [String: ReplyRule] = [
        // 400
        "BadCollapseId": .fix,
        "BadDeviceToken": .prune,
        "BadExpirationDate": .fix,
        "BadMessageId": .fix,
        "BadPriority": .fix,
        "BadTopic": .halt,
        "DeviceTokenNotForTopic": .pruneUnlessWidespread,
        "DuplicateHeaders": .fix,
        "IdleTimeout": .retry(defaultDelay: .zero, freshConnection: true),
        "InvalidPushType": .fix,
        "MissingDeviceToken": .fix,
        "MissingTopic": .halt,
        "PayloadEmpty": .fix,
        "TopicDisallowed": .halt,
        // 403
        "BadCertificate": .halt,
        "BadCertificateEnvironment": .halt,
        "ExpiredProviderToken": .refreshOnce,
        "Forbidden": .failUnlessWidespread,
        "InvalidProviderToken": .halt,
        "MissingProviderToken": .fix,
        "UnrelatedKeyIdInToken": .retry(defaultDelay: .zero, freshConnection: true),
        "BadEnvironmentKeyInToken": .halt,
        "BadEnvironmentKeyIdInToken": .halt,
        // 404, 405
        "BadPath": .fix,
        "MethodNotAllowed": .fix,
        // 410
        "ExpiredToken": .pruneUnlessReregistered,
        "Unregistered": .pruneUnlessReregistered,
        // 413
        "PayloadTooLarge": .fix,
        // 429
        "TooManyProviderTokenUpdates": .retry(defaultDelay: .seconds(300), freshConnection: false),
        "TooManyRequests": .retry(defaultDelay: nil, freshConnection: false),
        // 500, 503
        "InternalServerError": .retry(defaultDelay: nil, freshConnection: true),
        "ServiceUnavailable": .retry(defaultDelay: nil, freshConnection: true),
        "Shutdown": .retry(defaultDelay: nil, freshConnection: true),
    ]

    /// Replies without a reason (an empty or unreadable body), by status.
    private static let statuses: [Int: ReplyRule] = [
        400: .fix,
        403: .failUnlessWidespread,
        404: .fix,
        405: .fix,
        410: .pruneUnlessReregistered,
        413: .fix,
        429: .retry(defaultDelay: nil, freshConnection: false),
    ]
}
