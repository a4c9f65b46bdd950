import ArgumentParser
import CommandAPI
import TerminalQR

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `howalarming-command tokens …`: the API's bearer tokens.
struct Tokens: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Create, list and revoke the API's bearer tokens.",
        discussion: """
            A token is sent as `Authorization: Bearer TOKEN`. Scope read may only GET (status, \
            history, metrics); scope control may also send commands and register devices. Only a \
            hash of each token is stored: a token is shown once, when it is created.
            """,
        subcommands: [Create.self, List.self, Revoke.self]
    )

    struct Create: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Create a token and print it, alone on the last line of standard output.",
            discussion: """
                The token is printed only this once; store it in the app (or a password manager) \
                now. Scripts can capture it with `| tail -n 1`. With --qr, a QR code of \
                <console-url>#token=<token> is printed first: scanned with a phone, it opens the web \
                console signed in (browsers never send the part after #, and the console removes it).
                """
        )

        @OptionGroup var store: TokenDatabaseOptions

        @Option(help: "A name for the token, such as anna-phone: 1 to 64 characters from A-Z a-z 0-9 . _ -.")
        var name: String

        @Option(help: "read (GET only) or control (also commands and devices).")
        var scope: TokenScope

        @Flag(help: "Also print a QR code of the console's address with the token, to sign a phone in by scanning it (needs --console-url).")
        var qr = false

        @Option(
            help: ArgumentHelp(
                "The web console's address as the phone reaches it, such as https://alarm.example:8443/ (for --qr).",
                valueName: "url"))
        var consoleURL: String?

        @Flag(help: "Draw the QR code for a terminal with a light background (the default suits a dark one).")
        var lightBackground = false

        func validate() throws {
            guard qr else {
                if consoleURL != nil { throw ValidationError("--console-url is for --qr") }
                return
            }
            guard let consoleURL else { throw ValidationError("--qr needs --console-url, the console's address as the phone reaches it") }
            if let problem = ConsoleSignIn.problem(with: consoleURL) { throw ValidationError("--console-url: \(problem)") }
        }

        func run() async throws {
            let token = try await store.tokenStore().create(name: name, scope: scope)
            if qr, let consoleURL {
                let code = try QRCode(bytes: Array(ConsoleSignIn.url(console: consoleURL, token: token.value).utf8))
                print(code.terminalRendering(background: lightBackground ? .light : .dark), terminator: "")
                print("scan the code with the phone to sign in to the console; it holds the token: do not share it")
            }
            print("created token \(name) with scope \(scope); it is shown only this once:")
            print(token.value)
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print every token's name, scope, creation and last use; never the token.",
            discussion: "Columns, separated by tabs: name, scope, created, last used (or never)."
        )

        @OptionGroup var store: TokenDatabaseOptions

        func run() async throws {
            for record in try await store.tokenStore().list() {
                let lastUsed = record.lastUsedAt.map { $0.formatted(.iso8601) } ?? "never"
                print([record.name, record.scope.rawValue, record.createdAt.formatted(.iso8601), lastUsed].joined(separator: "\t"))
            }
        }
    }

    struct Revoke: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Revoke a token by name: requests with it are refused from now on.")

        @OptionGroup var store: TokenDatabaseOptions

        @Argument(help: "The token's name.")
        var name: String

        func run() async throws {
            guard try await store.tokenStore().revoke(name: name) else {
                throw TokenFailure(description: "no token named \(name)")
            }
            print("revoked \(name)")
        }
    }
}

/// A failure that is not a usage error, printed by ArgumentParser on standard error (exit status 1).
struct TokenFailure: Error, CustomStringConvertible {
    let description: String
}
