import NIOCore
import NIOSSL

/// TLS for an ``MQTTClient``: the broker's certificate must chain to the CA file (or to the
/// system's CAs without one) and match the host name; a client certificate is presented when the
/// broker requires one.
public struct MQTTTLSConfiguration: Sendable, Hashable {
    /// PEM file with the CA certificate(s) the broker's certificate must chain to, trusted instead
    /// of the system's; `nil` for the system's CAs.
    public var caFile: String?
    /// PEM files with this client's certificate chain and its private key, or `nil`.
    public var clientCertificateFile: String?
    public var clientPrivateKeyFile: String?
    /// The name the broker's certificate must carry; `nil` for the configured host (its address
    /// when the host is an IP address).
    public var serverHostname: String?

    public init(caFile: String? = nil, clientCertificateFile: String? = nil, clientPrivateKeyFile: String? = nil, serverHostname: String? = nil) {
        self.caFile = caFile
        self.clientCertificateFile = clientCertificateFile
        self.clientPrivateKeyFile = clientPrivateKeyFile
        self.serverHostname = serverHostname
    }

    /// The TLS context: TLS 1.2 or later, full verification. The error names the file that
    /// cannot be loaded, never its contents.
    func makeContext() throws(MQTTError) -> NIOSSLContext {
        var configuration = TLSConfiguration.makeClientConfiguration()
        configuration.minimumTLSVersion = .tlsv12
        if let caFile {
            configuration.trustRoots = .certificates(try load(caFile, "CA file") { try NIOSSLCertificate.fromPEMFile($0) })
        }
        if let clientCertificateFile, let clientPrivateKeyFile {
            let chain = try load(clientCertificateFile, "client certificate") { try NIOSSLCertificate.fromPEMFile($0) }
            let key = try load(clientPrivateKeyFile, "client private key") { try NIOSSLPrivateKey(file: $0, format: .pem) }
            configuration.certificateChain = chain.map { .certificate($0) }
            configuration.privateKey = .privateKey(key)
        }
        do {
            return try NIOSSLContext(configuration: configuration)
        } catch {
            throw MQTTError(.invalidArgument, "cannot make the TLS context: \(error)")
        }
    }

    /// The name to verify for `host`: ``serverHostname``, else `host` unless it is an IP address.
    func hostname(for host: String) -> String? {
        if let serverHostname { return serverHostname }
        return (try? SocketAddress(ipAddress: host, port: 0)) == nil ? host : nil
    }

    private func load<Value>(_ path: String, _ what: String, _ read: (String) throws -> Value) throws(MQTTError) -> Value {
        do {
            return try read(path)
        } catch {
            throw MQTTError(.invalidArgument, "cannot load the \(what) \(path): \(error)")
        }
    }
}
