import AlarmCore
import ArgumentParser
import PushDelivery

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `howalarming-push vapid …`: the VAPID key of Web Push.
struct Vapid: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Make the VAPID key pair that authorises Web Push.",
        subcommands: [Generate.self]
    )

    struct Generate: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Generate a VAPID key pair (P-256).",
            discussion: """
                Writes the private key as PEM to --output (created with mode 0600; an existing file \
                is never overwritten) or, without --output, to standard output; then prints the \
                public key in base64url, the browsers' applicationServerKey. Point \
                push.web_push.vapid_key_file at the file. A new key makes every browser subscribe \
                again: keep it.
                """
        )

        @Option(help: ArgumentHelp("The private key file to create (mode 0600).", valueName: "file"))
        var output: String?

        func run() async throws {
            let key = VAPIDKey.generate()
            guard let output else {
                print(key.privateKeyPEM, terminator: key.privateKeyPEM.hasSuffix("\n") ? "" : "\n")
                printToStandardError("public key: \(key.publicKeyBase64URL)")
                return
            }
            do throws(DurableFile.Failure) {
                try DurableFile().create(output, with: Array(key.privateKeyPEM.utf8))
            } catch {
                throw CommandFailure(description: "cannot create \(output): \(error.reason)")
            }
            print(key.publicKeyBase64URL)
        }

        private func printToStandardError(_ line: String) {
            let bytes = Array((line + "\n").utf8)
            _ = bytes.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
        }
    }
}
