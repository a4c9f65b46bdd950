public import AlarmCore

#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// Sends notifications through FCM HTTP v1: one HTTP/2 connection, many concurrent streams, an
/// OAuth2 access token shared by every request.
public struct FCMSender: NotificationSender {
    /// Google's FCM base URL.
    public static let defaultEndpoint = "https://\(FCMRequest.host)"

    private let connection: ProviderConnection
    private let tokens: FCMAccessTokenProvider
    private let endpoint: String
    private let policy: NotificationPolicy
    private let timeout: Duration
    private let clock: WallClock

    /// A sender for the service account of `tokens`.
    ///
    /// - Parameters:
    ///   - connection: The connection to FCM.
    ///   - tokens: The access tokens; the Firebase project is its service account's.
    ///   - endpoint: A base URL replacing Google's (`https://127.0.0.1:8443`), for test servers and
    ///     proxies.
    ///   - policy: How events are presented.
    ///   - timeout: The deadline of each request.
    public init(
        connection: ProviderConnection, tokens: FCMAccessTokenProvider, endpoint: String? = nil,
        policy: NotificationPolicy = NotificationPolicy(), timeout: Duration = .seconds(10), clock: WallClock = .system
    ) {
        self.connection = connection
        self.tokens = tokens
        let base = endpoint ?? Self.defaultEndpoint
        self.endpoint = base.hasSuffix("/") ? String(base.dropLast()) : base
        self.policy = policy
        self.timeout = timeout
        self.clock = clock
    }

    public var provider: PushProvider { .fcm }

    public func prepare(_ event: AlarmEvent, issuedAt: Date, now: Date) -> any PreparedNotification {
        Prepared(message: FCMMessage(event: event, policy: policy, now: now, issuedAt: issuedAt), sender: self)
    }

    public func shutdown() async {
        await connection.shutdown()
    }

    private var procedure: CredentialedSend {
        CredentialedSend(
            connection: connection,
            credential: { [tokens] in try await tokens.accessToken() },
            replacement: { [tokens] in try await tokens.replacement(forRejected: $0) },
            classify: { [clock] reply, context in
                let response = FCMResponse(
                    status: reply.status, headerFields: reply.headerPairs, body: reply.body, now: clock.now)
                return FCMErrorTable.action(for: response, context: context)
            },
            clock: clock)
    }

    private struct Prepared: PreparedNotification {
        let message: FCMMessage
        let sender: FCMSender

        func send(to device: RegisteredDevice) async -> SendReport {
            let ackToken = message.acknowledgeable ? AckToken.mint() : nil
            let request = message.request(
                projectID: sender.tokens.serviceAccount.projectID, deviceToken: device.token.value, ackToken: ackToken)
            let url = sender.endpoint + request.path
            var report = await sender.procedure.run(device: device, timeout: sender.timeout) { token in
                // FCM always has a token: `credential` never returns nil.
                (url, token.map { request.headerFields(authorization: $0) } ?? [], request.body)
            }
            report.ackTokenHash = ackToken?.hash
            return report
        }
    }
}
