/// Web Push settings: section `push.web_push`. Present, Web Push is on: browsers registered as
/// `web` devices get notifications through their push services.
public struct WebPushConfig: Sendable, Hashable {
    /// The VAPID private key (PEM, or the 32-byte scalar in base64url): from `vapid_key_file`
    /// (resolved relative to the config file), `vapid_key`, or the environment variable
    /// `HOWALARMING_PUSH_WEB_PUSH_VAPID_KEY`; one of them is required.
    /// `howalarming-push vapid generate` makes one.
    public var vapidKey: Secret
    /// The configuration key the VAPID key came from, for messages about it.
    public var vapidKeyPath: String
    /// The operator's contact for the push services (`subject`, required): `mailto:` or `https:`.
    public var subject: String
    /// Whether endpoints on loopback, private and other non-public addresses are sent to
    /// (`allow_private_endpoints`, default `false`): for a self-hosted push service on the LAN,
    /// and tests.
    public var allowPrivateEndpoints: Bool
    /// PEM file of CA certificates trusted in addition to the system's (`ca_file`, default none).
    public var caFile: String?

    /// Web Push settings.
    public init(
        vapidKey: Secret, vapidKeyPath: String = "push.web_push.vapid_key_file", subject: String,
        allowPrivateEndpoints: Bool = false, caFile: String? = nil
    ) {
        self.vapidKey = vapidKey
        self.vapidKeyPath = vapidKeyPath
        self.subject = subject
        self.allowPrivateEndpoints = allowPrivateEndpoints
        self.caFile = caFile
    }
}

extension WebPushConfig {
    /// Reads the `push.web_push` mapping.
    init(reading map: ConfigMap) throws(ConfigError) {
        let inline = try map.inlineSecret("vapid_key")
        guard let key = try map.secret("vapid_key") else {
            throw map.reader.error(
                at: map.path(of: "vapid_key_file"),
                "is required (or vapid_key, or the environment variable "
                    + "\(ConfigMap.environmentVariable(forKeyPath: map.path(of: "vapid_key")))); "
                    + "howalarming-push vapid generate makes a key")
        }
        self.init(
            vapidKey: key, vapidKeyPath: map.path(of: inline == nil ? "vapid_key_file" : "vapid_key"),
            subject: try map.required("subject").nonEmptyText())
        allowPrivateEndpoints = try map.value("allow_private_endpoints")?.boolean() ?? false
        caFile = try map.value("ca_file")?.inputFile()
    }
}
