import NIOSSL

/// The TLS settings of a connection to a push provider or token endpoint.
public struct ProviderTLS: Sendable {
    /// A PEM file of extra CA certificates, trusted in addition to the system's roots (`ca_file`).
    public var additionalCAFile: String?
    /// A TLS client certificate and key (PEM files), for APNs certificate authentication.
    public var clientIdentity: ClientIdentity?

    /// A client certificate chain and its private key, as PEM files.
    public struct ClientIdentity: Sendable, Hashable {
        /// The certificate chain, leaf first.
        public var certificateFile: String
        /// The private key of the leaf certificate.
        public var privateKeyFile: String

        /// An identity from two PEM files.
        public init(certificateFile: String, privateKeyFile: String) {
            self.certificateFile = certificateFile
            self.privateKeyFile = privateKeyFile
        }
    }

    /// Settings trusting the system roots and `additionalCAFile`, presenting `clientIdentity`.
    public init(additionalCAFile: String? = nil, clientIdentity: ClientIdentity? = nil) {
        self.additionalCAFile = additionalCAFile
        self.clientIdentity = clientIdentity
    }

    /// The NIOSSL client configuration: TLS 1.2 or later, full certificate and host name
    /// verification. Throws when a file cannot be read or parsed (the error names the file).
    func clientConfiguration() throws(PushTransportError) -> TLSConfiguration {
        var configuration = TLSConfiguration.makeClientConfiguration()
        configuration.minimumTLSVersion = .tlsv12
        if let additionalCAFile {
            let certificates = try load(additionalCAFile, "CA file") { try NIOSSLCertificate.fromPEMFile($0) }
            configuration.additionalTrustRoots = [.certificates(certificates)]
        }
        if let clientIdentity {
            let chain = try load(clientIdentity.certificateFile, "client certificate") {
                try NIOSSLCertificate.fromPEMFile($0)
            }
            let key = try load(clientIdentity.privateKeyFile, "client private key") {
                try NIOSSLPrivateKey(file: $0, format: .pem)
            }
            configuration.certificateChain = chain.map { .certificate($0) }
            configuration.privateKey = .privateKey(key)
        }
        return configuration
    }

    /// Reads `path` with `read`; a failure becomes a ``PushTransportError`` naming `what` and the
    /// file, never its contents.
    private func load<Value>(_ path: String, _ what: String, _ read: (String) throws -> Value)
        throws(PushTransportError) -> Value
    {
        do {
            return try read(path)
        } catch {
            throw PushTransportError(code: .unreadableTLSFile, message: "cannot load the \(what) \(path): \(error)")
        }
    }
}
