public import AlarmCore

#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// Sends notifications through Web Push (RFC 8030): each subscription's endpoint gets a `POST`
/// of the event's ``WebPushMessage``, encrypted for that browser (RFC 8291, ``WebPushEncryption``)
/// and authorised with the VAPID key (RFC 8292, ``VAPIDTokenProvider``), over one connection per
/// push service origin.
///
/// Endpoints are URLs the clients chose, so only `https` ones are sent to, and the
/// ``ProviderConnection`` should carry an ``EndpointAddressPolicy``: an endpoint whose host is a
/// loopback, private or other non-public address is refused (the device's notification fails
/// with the reason; nothing is sent). Redirects are never followed (``WebPushErrorTable``).
public struct WebPushSender: NotificationSender {
    private let connection: ProviderConnection
    private let vapid: VAPIDTokenProvider
    private let policy: NotificationPolicy
    private let timeout: Duration
    private let clock: WallClock
    private let subscriptions = WebPushSubscriptionCache()

    /// A sender authorising with `vapid`.
    ///
    /// - Parameters:
    ///   - connection: The connections to the push services, with the address policy.
    ///   - vapid: The VAPID key and subject.
    ///   - policy: How events are presented (the lifetime gives `TTL`).
    ///   - timeout: The deadline of each request.
    public init(
        connection: ProviderConnection, vapid: VAPIDTokenProvider, policy: NotificationPolicy = NotificationPolicy(),
        timeout: Duration = .seconds(10), clock: WallClock = .system
    ) {
        self.connection = connection
        self.vapid = vapid
        self.policy = policy
        self.timeout = timeout
        self.clock = clock
    }

    public var provider: PushProvider { .webPush }

    /// The public key browsers subscribe with (`applicationServerKey`), in base64url.
    public var vapidPublicKey: String { vapid.key.publicKeyBase64URL }

    public func prepare(_ event: AlarmEvent, issuedAt: Date, now: Date) -> any PreparedNotification {
        Prepared(message: WebPushMessage(event: event, policy: policy, now: now, issuedAt: issuedAt), sender: self)
    }

    public func shutdown() async {
        await connection.shutdown()
    }

    /// The send procedure for a subscription: its origin's VAPID header, the push service's table.
    private func procedure(for subscription: WebPushSubscription) -> CredentialedSend {
        CredentialedSend(
            connection: connection,
            credential: { [vapid] in try await vapid.authorization(for: subscription) },
            // A refused VAPID token is not cured by a new one: the table fails or halts.
            replacement: { _ in nil },
            classify: { [clock] reply, context in
                WebPushErrorTable.action(
                    status: reply.status, headerFields: reply.headerPairs, body: reply.body, now: clock.now,
                    context: context)
            },
            clock: clock)
    }

    private struct Prepared: PreparedNotification {
        let message: WebPushMessage
        let sender: WebPushSender

        func send(to device: RegisteredDevice) async -> SendReport {
            let subscription: WebPushSubscription
            let body: [UInt8]
            let ackToken = message.acknowledgeable ? AckToken.mint() : nil
            do {
                subscription = try sender.subscriptions.subscription(for: device)
                body = try WebPushEncryption.encrypt(message.payload(ackToken: ackToken), for: subscription)
            } catch {
                return SendReport(outcome: .fail(reason: error.message), invalidSince: sender.clock.now, latency: .zero)
            }
            var report = await sender.procedure(for: subscription).run(device: device, timeout: sender.timeout) { vapid in
                // The credential closure never returns nil: a VAPID header always comes.
                (subscription.endpoint, vapid.map { message.headerFields(authorization: $0) } ?? [], body)
            }
            report.ackTokenHash = ackToken?.hash
            return report
        }
    }
}

extension RegisteredDevice {
    /// The device's subscription: its endpoint (the token, which must be `https`) and keys.
    func webPushSubscription() throws(WebPushError) -> WebPushSubscription {
        guard token.provider == .webPush, let keys = webPushKeys else {
            throw WebPushError(code: .invalidEndpoint, message: "the device has no Web Push subscription")
        }
        guard token.value.lowercased().hasPrefix("https://") else {
            throw WebPushError(code: .invalidEndpoint, message: "a Web Push endpoint must be an https:// URL")
        }
        return try WebPushSubscription(endpoint: token.value, p256dh: keys.p256dh, auth: keys.auth)
    }
}
