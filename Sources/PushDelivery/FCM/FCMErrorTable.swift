/// What to do with each FCM HTTP v1 reply: every error code of the reference's §7.
///
/// - 200: delivered, with the message `name`.
/// - `UNREGISTERED`: prune.
/// - `INVALID_ARGUMENT`: prune when the token is the invalid argument (the message says "not a
///   valid FCM registration token", or a `BadRequest` detail names `message.token`); otherwise
///   fail, never retried.
/// - `SENDER_ID_MISMATCH`: prune (the token belongs to another project); halt when most devices
///   get it (the configured project is wrong).
/// - `QUOTA_EXCEEDED`: retry after `Retry-After`, else after one minute.
/// - `UNAVAILABLE`, `INTERNAL`: retry after `Retry-After`, else after the sender's backoff.
/// - `THIRD_PARTY_AUTH_ERROR` (formerly `APNS_AUTH_ERROR`): fail the device; halt when most
///   devices get it (the APNs key or certificate in the Firebase console is invalid). For one
///   iPhone alone it says that this device's app is not the one the key is for.
/// - No `FcmError` code (or `UNSPECIFIED_ERROR`): by status. 401 (`UNAUTHENTICATED`) and 403
///   (`PERMISSION_DENIED`) refresh the access token and send again at once, and halt if a fresh
///   token gets the same (IAM); 400 and 404 fail; 429 is `QUOTA_EXCEEDED`; 5xx retry after the
///   sender's backoff; others retry marked `(unrecognised)`.
/// - An unknown error code: retry after the sender's backoff, the reason marked `(unrecognised)`.
public enum FCMErrorTable {
    /// The outcome of `response` for a device and attempt described by `context`.
    public static func action(for response: FCMResponse, context: DeliveryContext) -> DeliveryOutcome {
        if response.status == 200 {
            return .delivered(providerMessageID: response.messageName)
        }
        let code = response.errorCode.flatMap { $0 == "UNSPECIFIED_ERROR" ? nil : $0 }
        let reason = code ?? response.errorStatus ?? "HTTP \(response.status)"
        let rule: ReplyRule? =
            if let code { codes[code] } else {
                statuses[response.status] ?? .serverError(response.status, freshConnection: false)
            }
        guard var rule else {
            return ReplyRule.unrecognised(reason, retryAfter: response.retryAfter)
        }
        if response.invalidToken, rule == .fix {
            rule = .prune
        }
        return rule.outcome(reason: reason, retryAfter: response.retryAfter, timestamp: nil, context: context)
    }

    private static let quotaRule = ReplyRule.retry(defaultDelay: .seconds(60), freshConnection: false)

    /// The `FcmError` codes, by name.
    private static let codes: [String: ReplyRule] = [
        "UNREGISTERED": .prune,
        "INVALID_ARGUMENT": .fix,
        "SENDER_ID_MISMATCH": .pruneUnlessWidespread,
        "QUOTA_EXCEEDED": quotaRule,
        "UNAVAILABLE": .retry(defaultDelay: nil, freshConnection: false),
        "INTERNAL": .retry(defaultDelay: nil, freshConnection: false),
        "THIRD_PARTY_AUTH_ERROR": .failUnlessWidespread,
        "APNS_AUTH_ERROR": .failUnlessWidespread,
    ]

    /// Replies without an `FcmError` code, by status.
    private static let statuses: [Int: ReplyRule] = [
        400: .fix,
        401: .refreshOnce,
        403: .refreshOnce,
        404: .fix,
        429: quotaRule,
    ]
}
