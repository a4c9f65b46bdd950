public import AlarmCore

#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// One APNs HTTP/2 request: an ``APNSNotification`` for one device.
public struct APNSRequest: Sendable, Hashable {
    /// What is sent.
    public let notification: APNSNotification
    /// The device token, in hexadecimal.
    public let deviceToken: String
    /// `apns-id`: derived from the event and the device (``NameBasedUUID/apnsID(eventID:deviceToken:)``),
    /// so every retry of this pair, in this process or after a restart, carries the same one.
    public let apnsID: UUID
    /// The JSON body: the notification's payload with the device's ack token, for alarms.
    public let body: [UInt8]

    /// The request for `notification` and `deviceToken`, carrying `ackToken` when the
    /// notification has an Acknowledge action.
    init(notification: APNSNotification, deviceToken: String, ackToken: AckToken?) {
        self.notification = notification
        self.deviceToken = deviceToken
        apnsID = NameBasedUUID.apnsID(eventID: notification.eventID, deviceToken: deviceToken)
        body = notification.payload(ackToken: ackToken)
    }

    /// The HTTP method: `POST`.
    public var method: String { "POST" }

    /// The request path: `/3/device/<token>`.
    public var path: String { "/3/device/\(deviceToken)" }

    /// The header fields, lower-case as HTTP/2 has them. `authorization` carries the provider
    /// token (`bearer <jwt>`) with token-based authentication; pass `nil` with certificate
    /// authentication, where the TLS client certificate authenticates instead.
    public func headerFields(authorization providerToken: Secret?) -> [(name: String, value: String)] {
        let fields: [(String, String?)] = [
            ("authorization", providerToken.map { "bearer \($0.value)" }),
            ("apns-id", apnsID.uuidString.lowercased()),
            ("apns-topic", notification.topic),
            ("apns-push-type", notification.pushType),
            ("apns-priority", String(notification.priority)),
            ("apns-expiration", String(notification.expiration)),
            ("apns-collapse-id", notification.collapseID),
            ("content-type", "application/json"),
        ]
        return fields.compactMap { name, value in value.map { (name, $0) } }
    }
}
