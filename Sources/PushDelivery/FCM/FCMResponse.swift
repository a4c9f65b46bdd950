#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// What FCM answered to one request: the status, the message `name` on success, and from the
/// error body (`{"error": {"status": …, "message": …, "details": […]}}`) the canonical status,
/// the `FcmError` detail's `errorCode` and whether the registration token was at fault.
public struct FCMResponse: Sendable, Hashable {
    /// The HTTP status; 200 means accepted.
    public var status: Int
    /// On success, the message's `name`: `projects/<project>/messages/<id>`.
    public var messageName: String?
    /// `error.status`: the canonical gRPC code, such as `"UNAUTHENTICATED"`.
    public var errorStatus: String?
    /// The `errorCode` of the `type.googleapis.com/google.firebase.fcm.v1.FcmError` detail,
    /// such as `"UNREGISTERED"`.
    public var errorCode: String?
    /// Whether the error says the registration token is invalid: its message says "not a valid
    /// FCM registration token", or a `BadRequest` detail names the field `message.token`.
    public var invalidToken: Bool
    /// The wait a `Retry-After` header asked for.
    public var retryAfter: Duration?

    /// A response with the given parts.
    public init(
        status: Int, messageName: String? = nil, errorStatus: String? = nil, errorCode: String? = nil,
        invalidToken: Bool = false, retryAfter: Duration? = nil
    ) {
        self.status = status
        self.messageName = messageName
        self.errorStatus = errorStatus
        self.errorCode = errorCode
        self.invalidToken = invalidToken
        self.retryAfter = retryAfter
    }

    /// Reads a reply: its status, header fields (names in any letter case) and body. A body that
    /// is not the JSON FCM documents leaves the error fields empty; the status then decides.
    public init(
        status: Int, headerFields: some Sequence<(name: String, value: String)>, body: some Collection<UInt8>,
        now: Date
    ) {
        let reply = try? JSONDecoder().decode(Body.self, from: Data(body))
        let details = reply?.error?.details ?? []
        let invalidTokenMessage = reply?.error?.message?.lowercased().contains("not a valid fcm registration token")
        let invalidTokenField = details.contains {
            $0.fieldViolations?.contains { $0.field == "message.token" } ?? false
        }
        self.init(
            status: status,
            messageName: reply?.name,
            errorStatus: reply?.error?.status,
            errorCode: details.first { $0.type == Self.fcmErrorType }?.errorCode,
            invalidToken: invalidTokenMessage == true || invalidTokenField,
            retryAfter: ReplyHeaders(headerFields)["retry-after"].flatMap { RetryAfter.parse($0, now: now) }
        )
    }

    private static let fcmErrorType = "type.googleapis.com/google.firebase.fcm.v1.FcmError"

    private struct Body: Decodable {
        var name: String?
        var error: ErrorBody?
    }

    private struct ErrorBody: Decodable {
        var status: String?
        var message: String?
        var details: [Detail]?
    }

    private struct Detail: Decodable {
        var type: String?
        var errorCode: String?
        var fieldViolations: [FieldViolation]?

        enum CodingKeys: String, CodingKey {
            case type = "@type"
            case errorCode
            case fieldViolations
        }
    }

    private struct FieldViolation: Decodable {
        var field: String?
    }
}
