public import AlarmCore
public import Logging
public import PushDelivery

/// Builds the providers' senders from the `push` configuration.
public enum PushSenders {
    /// A sender per configured provider (none when none of `push.apns`, `push.fcm` and
    /// `push.web_push` is set).
    ///
    /// - Throws: ``ConfigError`` naming the key when a key, certificate, service account or CA
    ///   file cannot be used.
    public static func make(configuration push: PushConfig, logger: Logger) throws(ConfigError) -> [any NotificationSender] {
        let policy = NotificationPolicy(
            lifetime: .seconds(push.lifetime), criticalAlarms: push.criticalAlarms, sound: push.sound,
            androidAlarmChannel: push.androidAlarmChannel)
        let timeout = Duration.seconds(push.requestTimeout)
        var senders: [any NotificationSender] = []
        if let apns = push.apns {
            senders.append(try apnsSender(apns, policy: policy, timeout: timeout, logger: logger))
        }
        if let fcm = push.fcm {
            senders.append(try fcmSender(fcm, policy: policy, timeout: timeout, logger: logger))
        }
        if let webPush = push.webPush {
            senders.append(try webPushSender(webPush, policy: policy, timeout: timeout, logger: logger))
        }
        return senders
    }

    private static func webPushSender(
        _ webPush: WebPushConfig, policy: NotificationPolicy, timeout: Duration, logger: Logger
    ) throws(ConfigError) -> WebPushSender {
        let key = try configured(webPush.vapidKeyPath) { () throws(PushCredentialError) in
            try VAPIDKey(text: webPush.vapidKey.value)
        }
        let subject = try configured("push.web_push.subject") { () throws(PushCredentialError) in
            try VAPIDSubject(webPush.subject)
        }
        let connection = try configured("push.web_push.ca_file") { () throws(PushTransportError) in
            try ProviderConnection(
                tls: ProviderTLS(additionalCAFile: webPush.caFile),
                addressPolicy: EndpointAddressPolicy(allowsPrivateAddresses: webPush.allowPrivateEndpoints),
                allowsHTTP1: true, logger: logger.with(provider: .webPush))
        }
        return WebPushSender(
            connection: connection, vapid: VAPIDTokenProvider(key: key, subject: subject), policy: policy,
            timeout: timeout)
    }

    private static func apnsSender(_ apns: APNSConfig, policy: NotificationPolicy, timeout: Duration, logger: Logger)
        throws(ConfigError) -> APNSSender
    {
        let authentication: APNSSender.Authentication
        var identity: ProviderTLS.ClientIdentity?
        switch apns.authentication {
        case .token(let key, let keyID, let teamID):
            let tokens = try configured(key.keyPath) { () throws(PushCredentialError) in
                let signer = switch key {
                case .file(let path): try APNSSigningKey(contentsOfFile: path)
                case .inline(let pem): try APNSSigningKey(pem: pem.value)
                }
                return APNSTokenProvider(keyID: keyID, teamID: teamID, signer: signer)
            }
            authentication = .token(tokens)
        case .certificate(let certificateFile, let privateKeyFile):
            identity = ProviderTLS.ClientIdentity(certificateFile: certificateFile, privateKeyFile: privateKeyFile)
            authentication = .certificate
        }
        let connection = try configured(identity == nil ? "push.apns.ca_file" : "push.apns.certificate_file") {
            () throws(PushTransportError) in
            try ProviderConnection(
                tls: ProviderTLS(additionalCAFile: apns.caFile, clientIdentity: identity),
                logger: logger.with(provider: .apns))
        }
        return APNSSender(
            connection: connection, authentication: authentication, topic: apns.topic, endpoint: apns.endpoint,
            policy: policy, timeout: timeout)
    }

    private static func fcmSender(_ fcm: FCMConfig, policy: NotificationPolicy, timeout: Duration, logger: Logger)
        throws(ConfigError) -> FCMSender
    {
        let account = try configured("push.fcm.service_account_file") { () throws(PushCredentialError) in
            try FCMServiceAccount(contentsOfFile: fcm.serviceAccountFile)
        }
        let connection = try configured("push.fcm.ca_file") { () throws(PushTransportError) in
            try ProviderConnection(tls: ProviderTLS(additionalCAFile: fcm.caFile), logger: logger.with(provider: .fcm))
        }
        let tokens = FCMAccessTokenProvider(
            serviceAccount: account, exchange: HTTPTokenExchange(connection: connection, timeout: timeout))
        return FCMSender(
            connection: connection, tokens: tokens, endpoint: fcm.endpoint, policy: policy, timeout: timeout)
    }

    /// Runs `make`; its error becomes a ``ConfigError`` at `keyPath`.
    private static func configured<Value, Failure: Error & CustomStringConvertible>(
        _ keyPath: String, _ make: () throws(Failure) -> Value
    ) throws(ConfigError) -> Value {
        do {
            return try make()
        } catch {
            throw ConfigError(keyPath: keyPath, reason: error.description)
        }
    }
}

extension Logger {
    /// A copy carrying `provider` metadata.
    func with(provider: PushProvider) -> Logger {
        var logger = self
        logger[metadataKey: "provider"] = "\(provider)"
        return logger
    }
}
