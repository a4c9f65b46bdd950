import AlarmCore
import NIOSSL

/// The TLS configuration of the HTTP API, read from `command.tls`.
enum ServerTLS {
    /// The certificate chain and key of `tls`, checked to load and to belong together.
    ///
    /// - Throws: ``ConfigError`` at `command.tls.certificate_file` or `command.tls.key_file`,
    ///   saying what is wrong; never quoting the key.
    static func configuration(_ tls: CommandTLSConfig) throws(ConfigError) -> TLSConfiguration {
        let chain: [NIOSSLCertificate]
        do {
            chain = try NIOSSLCertificate.fromPEMFile(tls.certificateFile)
        } catch {
            throw ConfigError(
                keyPath: "command.tls.certificate_file",
                reason: "cannot read a PEM certificate from \(String(reflecting: tls.certificateFile)): \(error)")
        }
        guard !chain.isEmpty else {
            throw ConfigError(
                keyPath: "command.tls.certificate_file",
                reason: "\(String(reflecting: tls.certificateFile)) holds no certificate")
        }
        let key: NIOSSLPrivateKey
        do {
            key = try NIOSSLPrivateKey(file: tls.keyFile, format: .pem)
        } catch {
            throw ConfigError(
                keyPath: "command.tls.key_file",
                reason: "cannot read a PEM private key from \(String(reflecting: tls.keyFile))")
        }
        let configuration = TLSConfiguration.makeServerConfiguration(
            certificateChain: chain.map { .certificate($0) }, privateKey: .privateKey(key))
        do {
            _ = try NIOSSLContext(configuration: configuration)
        } catch {
            throw ConfigError(
                keyPath: "command.tls.key_file",
                reason: "the key does not fit the certificate in \(String(reflecting: tls.certificateFile)) (\(error))")
        }
        return configuration
    }
}
