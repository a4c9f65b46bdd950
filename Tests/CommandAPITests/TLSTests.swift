import AlarmCore
import CommandAPITestSupport
import Foundation
import TestSupport
import Testing

@testable import CommandAPI

/// `command.tls`: HTTPS with the configured certificate, and clear errors for unusable files.
@Suite("TLS")
struct TLSTests {
    /// A self-signed certificate for `localhost` and `127.0.0.1`, valid until 2126, and its key.
    static let certificate = """
        -----BEGIN CERTIFICATE-----
        MIIBmzCCAUGgAwIBAgIUJGZeoVedcGDyJgP+Pqrs+WA7m1gwCgYIKoZIzj0EAwIw
        FDESMBAGA1UEAwwJbG9jYWxob3N0MCAXDTI2MTEyMjIxMDY1MloYDzIxMjYxMDI5
        MjEwNjUyWjAUMRIwEAYDVQQDDAlsb2NhbGhvc3QwWTATBgcqhkjOPQIBBggqhkjO
        PQMBBwNCAAT7GJf+WlhbQncdqEm6oeVMi8A4W1p1G2OqNQ3IrL7OU/LU4D/v2AP5
        gGJz371V/ri+/aDbUujgvzQQPQPIGFHuo28wbTAdBgNVHQ4EFgQUv4ObBeQEr3Lw
        WcQU1gG+mINVMAMwHwYDVR0jBBgwFoAUv4ObBeQEr3LwWcQU1gG+mINVMAMwDwYD
        VR0TAQH/BAUwAwEB/zAaBgNVHREEEzARgglsb2NhbGhvc3SHBH8AAAEwCgYIKoZI
        zj0EAwIDSAAwRQIhAM0OM3r29cQ5DHElRKwUcXfPrI1HykBTfQfpQUTdpYGOAiAr
        Ru6XSfqgi4noLTlpRfFbCGW7EQElKzpuJS+Qe+6diQ==
        -----END CERTIFICATE-----

        """
    static let key = """
        -----BEGIN PRIVATE KEY-----
        MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgV0WHNcrQYvsWxMQ2
        PwSWgkPp2Eob3waXJtZkcSBWURGhRANCAAT7GJf+WlhbQncdqEm6oeVMi8A4W1p1
        G2OqNQ3IrL7OU/LU4D/v2AP5gGJz371V/ri+/aDbUujgvzQQPQPIGFHu
        -----END PRIVATE KEY-----

        """
    /// A key of another certificate.
    static let otherKey = """
        -----BEGIN PRIVATE KEY-----
        MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgR1uFnJvVophlgc3d
        2PWqWojBYAv/ZhJPQUO84FbP52GhRANCAATKUAc+jorzld9XefiCs7MeOScHmO+0
        KKkjNkQP68YnpLS+CtrmOA0G7Uk/88+b/aiFV6Up1wMusyqEiKm/eAfL
        -----END PRIVATE KEY-----

        """

    /// Fetches `url` with Python's standard library, trusting only the test certificate; prints the
    /// status and the body.
    static let pythonClient = """
        import ssl, sys, urllib.request
        context = ssl.create_default_context(cafile=sys.argv[1])
        request = urllib.request.Request(sys.argv[2], headers={"Authorization": "Bearer " + sys.argv[3]})
        with urllib.request.urlopen(request, context=context, timeout=10) as response:
            print(response.status, response.read().decode())
        """

    private func configuration(_ directory: TemporaryDirectory, port: Int, key: String = TLSTests.key) throws -> HowAlarmingConfig {
        try Self.certificate.write(toFile: directory.appending("cert.pem"), atomically: true, encoding: .utf8)
        try key.write(toFile: directory.appending("key.pem"), atomically: true, encoding: .utf8)
        let text = APIStage.configurationText(
            port: port, directory: directory, extra: "  tls: {certificate_file: cert.pem, key_file: key.pem}")
        return try HowAlarmingConfig.parse(yaml: text, path: directory.appending("config.yaml"), environment: [:])
    }

    @Test func theAPIIsServedOverHTTPSWithTheConfiguredCertificate() async throws {
        try await withTemporaryDirectory { directory in
            try await withBeanstalkd { server in
                let configuration = try configuration(directory, port: server.port)
                try await APIStage.serve(configuration, server: server, directory: directory) { stage in
                    let token = try await stage.token(.read)
                    let python = try await PythonPeer.find()
                    let fetched = try await ProcessRunner.run(python.interpreter, arguments: [
                        "-c", Self.pythonClient, directory.appending("cert.pem"), "https://127.0.0.1:\(stage.port)/v1/status", token,
                    ])
                    #expect(fetched.status.isSuccess, "\(fetched)")
                    #expect(fetched.stdout.hasPrefix("200 {"), "\(fetched)")
                    // Plain HTTP to the HTTPS port gets no answer.
                    await #expect(throws: (any Error).self) { try await stage.request(.GET, "/healthz") }
                }
            }
        }
    }

    @Test func unusableFilesStopStartUpNamingTheKey() async throws {
        try await withTemporaryDirectory { directory in
            let endpoint = try ClosedPort().port
            let mismatched = try configuration(directory, port: endpoint, key: Self.otherKey)
            let mismatch = #expect(throws: ConfigError.self) {
                try CommandAPIApp.services(configuration: mismatched, metrics: CommandMetrics(), logger: quietLogger)
            }
            #expect(mismatch?.keyPath == "command.tls.key_file")
            #expect(mismatch?.reason.contains("does not fit the certificate") == true, "\(String(describing: mismatch))")
            #expect(mismatch?.description.contains("PRIVATE KEY") == false)

            try "not a certificate".write(toFile: directory.appending("cert.pem"), atomically: true, encoding: .utf8)
            let unreadable = #expect(throws: ConfigError.self) {
                try CommandAPIApp.services(configuration: mismatched, metrics: CommandMetrics(), logger: quietLogger)
            }
            #expect(unreadable?.keyPath == "command.tls.certificate_file")
        }
    }
}
