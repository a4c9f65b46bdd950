public import AlarmCore

#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// Sends notifications through APNs: one HTTP/2 connection per APNs host, many concurrent
/// streams, token (JWT) or certificate authentication, each device to its own environment's host.
public struct APNSSender: NotificationSender {
    /// How APNs authenticates this sender.
    public enum Authentication: Sendable {
        /// A provider token (ES256 JWT) from this provider, shared by every request.
        case token(APNSTokenProvider)
        /// The TLS client certificate of the ``ProviderConnection``.
        case certificate
    }

    private let connection: ProviderConnection
    private let authentication: Authentication
    private let topic: String
    private let endpoint: String?
    private let policy: NotificationPolicy
    private let timeout: Duration
    private let clock: WallClock

    /// A sender for the app `topic`.
    ///
    /// - Parameters:
    ///   - connection: The connection to APNs (with the client certificate for certificate auth).
    ///   - authentication: Token or certificate.
    ///   - topic: The app's bundle ID (`apns-topic`).
    ///   - endpoint: A base URL replacing Apple's hosts (`https://127.0.0.1:8443`), for test servers
    ///     and proxies; `nil`: each device's environment decides the host.
    ///   - policy: How events are presented.
    ///   - timeout: The deadline of each request.
    public init(
        connection: ProviderConnection, authentication: Authentication, topic: String, endpoint: String? = nil,
        policy: NotificationPolicy = NotificationPolicy(), timeout: Duration = .seconds(10), clock: WallClock = .system
    ) {
        self.connection = connection
        self.authentication = authentication
        self.topic = topic
        self.endpoint = endpoint.map(Self.trimmingSlash)
        self.policy = policy
        self.timeout = timeout
        self.clock = clock
    }

    public var provider: PushProvider { .apns }

    public func prepare(_ event: AlarmEvent, issuedAt: Date, now: Date) -> any PreparedNotification {
        Prepared(
            notification: APNSNotification(event: event, topic: topic, policy: policy, now: now, issuedAt: issuedAt),
            sender: self)
    }

    public func shutdown() async {
        await connection.shutdown()
    }

    /// The base URL for a device of `environment`.
    func baseURL(for environment: APNSEnvironment) -> String {
        endpoint ?? "https://\(environment.host)"
    }

    private var procedure: CredentialedSend {
        let tokens: APNSTokenProvider? =
            if case .token(let provider) = authentication { provider } else { nil }
        return CredentialedSend(
            connection: connection,
            credential: { try await tokens?.token() },
            replacement: { try await tokens?.replacement(forExpired: $0) },
            classify: { [clock] reply, context in
                let response = APNSResponse(
                    status: reply.status, headerFields: reply.headerPairs, body: reply.body, now: clock.now)
                return APNSErrorTable.action(for: response, context: context)
            },
            clock: clock)
    }

    private static func trimmingSlash(_ url: String) -> String {
        url.hasSuffix("/") ? String(url.dropLast()) : url
    }

    private struct Prepared: PreparedNotification {
        let notification: APNSNotification
        let sender: APNSSender

        func send(to device: RegisteredDevice) async -> SendReport {
            let ackToken = notification.acknowledgeable ? AckToken.mint() : nil
            let request = notification.request(deviceToken: device.token.value, ackToken: ackToken)
            let url = sender.baseURL(for: device.environment ?? .production) + request.path
            var report = await sender.procedure.run(device: device, timeout: sender.timeout) { token in
                (url, request.headerFields(authorization: token), request.body)
            }
            report.ackTokenHash = ackToken?.hash
            return report
        }
    }
}
