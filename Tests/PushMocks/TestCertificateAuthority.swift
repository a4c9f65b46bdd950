import Crypto
import Foundation
import NIOCore
public import NIOSSL
import SwiftASN1
import X509

/// A throwaway certificate authority for TLS in tests: a P-256 CA certificate, a server
/// certificate it signed for `localhost`, `127.0.0.1` and `::1`, and client certificates on
/// demand. Every certificate is valid from an hour ago to a day from now.
public struct TestCertificateAuthority: Sendable {
    /// The CA certificate, PEM-encoded: what clients (and, with client certificates, the
    /// servers) trust.
    public let caCertificatePEM: String
    private let caName: DistinguishedName
    private let caKey: P256.Signing.PrivateKey
    private let serverCertificatePEM: String
    private let serverKeyPEM: String

    /// A new CA and a server certificate signed by it.
    public init() throws {
        let caKey = P256.Signing.PrivateKey()
        let caName = try DistinguishedName { CommonName("HowAlarming Test CA") }
        let ca = try Certificate(
            version: .v3,
            serialNumber: Certificate.SerialNumber(),
            publicKey: Certificate.PublicKey(caKey.publicKey),
            notValidBefore: Self.validity.lowerBound,
            notValidAfter: Self.validity.upperBound,
            issuer: caName,
            subject: caName,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.isCertificateAuthority(maxPathLength: 0))
                Critical(KeyUsage(digitalSignature: true, keyCertSign: true, cRLSign: true))
            },
            issuerPrivateKey: Certificate.PrivateKey(caKey)
        )
        self.caKey = caKey
        self.caName = caName
        caCertificatePEM = try ca.serializeAsPEM().pemString

        let serverKey = P256.Signing.PrivateKey()
        serverKeyPEM = serverKey.pemRepresentation
        serverCertificatePEM = try Self.issue(
            commonName: "localhost", key: serverKey.publicKey, issuer: caName, issuerKey: caKey,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.notCertificateAuthority)
                Critical(KeyUsage(digitalSignature: true))
                try ExtendedKeyUsage([.serverAuth])
                SubjectAlternativeNames([
                    .dnsName("localhost"),
                    .ipAddress(.init(contentBytes: [127, 0, 0, 1])),
                    .ipAddress(.init(contentBytes: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1])),
                ])
            })
    }

    /// A TLS client certificate for `commonName`, signed by this CA, and its P-256 private key
    /// (PKCS #8), both PEM-encoded: an identity for APNs certificate-based authentication.
    public func clientIdentity(commonName: String) throws -> (certificatePEM: String, privateKeyPEM: String) {
        let key = P256.Signing.PrivateKey()
        let certificatePEM = try Self.issue(
            commonName: commonName, key: key.publicKey, issuer: caName, issuerKey: caKey,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.notCertificateAuthority)
                Critical(KeyUsage(digitalSignature: true))
                try ExtendedKeyUsage([.clientAuth])
            })
        return (certificatePEM, key.pemRepresentation)
    }

    /// Writes ``caCertificatePEM`` to the file at `path`.
    public func writeCA(to path: String) throws {
        try Data(caCertificatePEM.utf8).write(to: URL(filePath: path))
    }

    /// The servers' TLS configuration: the server certificate, ALPN `h2` then `http/1.1`, a
    /// short TLS shutdown timeout. With
    /// `requireClientCertificate`, clients must present a certificate signed by this CA.
    public func serverTLSConfiguration(requireClientCertificate: Bool = false) throws -> TLSConfiguration {
        let certificate = try NIOSSLCertificate(bytes: Array(serverCertificatePEM.utf8), format: .pem)
        var configuration = TLSConfiguration.makeServerConfiguration(
            certificateChain: [.certificate(certificate)],
            privateKey: .privateKey(try NIOSSLPrivateKey(bytes: Array(serverKeyPEM.utf8), format: .pem))
        )
        configuration.applicationProtocols = ["h2", "http/1.1"]
        // Closing a connection waits this long for the client's close_notify, which idle
        // HTTP/1.1 clients may never send: keep stop() quick.
        configuration.shutdownTimeout = .milliseconds(100)
        if requireClientCertificate {
            configuration.certificateVerification = .noHostnameVerification
            configuration.trustRoots = .certificates([
                try NIOSSLCertificate(bytes: Array(caCertificatePEM.utf8), format: .pem)
            ])
        }
        return configuration
    }

    /// From an hour ago to a day from now.
    private static var validity: ClosedRange<Date> {
        let now = Date()
        return now.addingTimeInterval(-3600)...now.addingTimeInterval(86400)
    }

    /// A PEM certificate for `key`, named `commonName`, signed by `issuerKey`.
    private static func issue(
        commonName: String, key: P256.Signing.PublicKey, issuer: DistinguishedName,
        issuerKey: P256.Signing.PrivateKey, extensions: Certificate.Extensions
    ) throws -> String {
        let certificate = try Certificate(
            version: .v3,
            serialNumber: Certificate.SerialNumber(),
            publicKey: Certificate.PublicKey(key),
            notValidBefore: validity.lowerBound,
            notValidAfter: validity.upperBound,
            issuer: issuer,
            subject: try DistinguishedName { CommonName(commonName) },
            extensions: extensions,
            issuerPrivateKey: Certificate.PrivateKey(issuerKey)
        )
        return try certificate.serializeAsPEM().pemString
    }
}
