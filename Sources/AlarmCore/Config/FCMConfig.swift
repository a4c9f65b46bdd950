/// Firebase Cloud Messaging (HTTP v1 API) credentials: section `push.fcm`.
public struct FCMConfig: Sendable, Hashable {
    /// The service account JSON key from the Firebase console (`service_account_file`, required),
    /// resolved relative to the config file.
    public var serviceAccountFile: String
    /// A different server URL, for tests and proxies (`endpoint`, default none: Google's).
    public var endpoint: String?
    /// PEM file of CA certificates to trust instead of the system's (`ca_file`, default none).
    public var caFile: String?

    /// FCM settings; the service account file must be given.
    public init(serviceAccountFile: String, endpoint: String? = nil, caFile: String? = nil) {
        self.serviceAccountFile = serviceAccountFile
        self.endpoint = endpoint
        self.caFile = caFile
    }
}

extension FCMConfig {
    /// Reads the `push.fcm` mapping.
    init(reading map: ConfigMap) throws(ConfigError) {
        self.init(serviceAccountFile: try map.required("service_account_file").inputFile())
        endpoint = try map.value("endpoint")?.url()
        caFile = try map.value("ca_file")?.inputFile()
    }
}
