import Foundation

/// Apple's checks of a request, in order, each failing with Apple's status and reason: path
/// and method, device token, duplicate headers, provider token, topic, push type, priority,
/// expiration, collapse ID, `apns-id`, payload size.
struct APNSRequestCheck: Sendable {
    /// Apple's `apns-push-type` values.
    private static let pushTypes: Set = [
        "alert", "background", "location", "voip", "complication", "fileprovider", "mdm", "liveactivity",
        "pushtotalk", "widgets",
    ]
    private static let pathPrefix = "/3/device/"

    /// The app's bundle ID.
    let topic: String
    /// The provider token checks; `nil` with TLS client certificates, which need no token.
    let providerTokens: APNSProviderTokenCheck?

    /// The device token in `path` (possibly empty), or `nil` when `path` is not `/3/device/…`.
    static func deviceToken(inPath path: String) -> String? {
        path.hasPrefix(pathPrefix) ? String(path.dropFirst(pathPrefix.count)) : nil
    }

    /// Passes when APNs would accept `request`.
    func check(_ request: MockHTTPRequest) throws(APNSRejection) {
        guard let token = Self.deviceToken(inPath: request.path) else { throw APNSRejection(404, "BadPath") }
        guard request.method == "POST" else { throw APNSRejection(405, "MethodNotAllowed") }
        guard !token.isEmpty else { throw APNSRejection(400, "MissingDeviceToken") }
        guard (64...200).contains(token.count), token.allSatisfy(\.isHexDigit) else {
            throw APNSRejection(400, "BadDeviceToken")
        }
        let repeated = request.headerFields.contains { field in
            (field.name == "authorization" || field.name.hasPrefix("apns-")) && request.headerCount(field.name) > 1
        }
        guard !repeated else { throw APNSRejection(400, "DuplicateHeaders") }
        try providerTokens?.check(request.bearerCredentials, now: request.receivedAt)
        let headers = request.headers
        guard let requestTopic = headers["apns-topic"] else { throw APNSRejection(400, "MissingTopic") }
        guard requestTopic == topic else { throw APNSRejection(400, "DeviceTokenNotForTopic") }
        guard let pushType = headers["apns-push-type"], Self.pushTypes.contains(pushType) else {
            throw APNSRejection(400, "InvalidPushType")
        }
        if let priority = headers["apns-priority"], !["1", "5", "10"].contains(priority) {
            throw APNSRejection(400, "BadPriority")
        }
        if let expiration = headers["apns-expiration"], Int64(expiration) == nil {
            throw APNSRejection(400, "BadExpirationDate")
        }
        if let collapseID = headers["apns-collapse-id"], collapseID.utf8.count > 64 {
            throw APNSRejection(400, "BadCollapseId")
        }
        if let apnsID = headers["apns-id"], UUID(uuidString: apnsID) == nil {
            throw APNSRejection(400, "BadMessageId")
        }
        guard !request.body.isEmpty else { throw APNSRejection(400, "PayloadEmpty") }
        guard request.body.count <= (pushType == "voip" ? 5120 : 4096) else {
            throw APNSRejection(413, "PayloadTooLarge")
        }
    }

    /// Whether `body` is a JSON object with an `aps` dictionary, as Apple expects (it does not
    /// say what it answers otherwise).
    static func isValidPayload(_ body: [UInt8]) -> Bool {
        let object = (try? JSONSerialization.jsonObject(with: Data(body))) as? [String: Any]
        return object?["aps"] is [String: Any]
    }
}
