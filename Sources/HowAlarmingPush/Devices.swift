import AlarmCore
import ArgumentParser
import PushDelivery

import Foundation  // Error.localizedDescription is not in FoundationEssentials

/// `howalarming-push devices …`: the registered phones.
struct Devices: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List, add, remove and import registered phones.",
        subcommands: [List.self, Add.self, Remove.self, Import.self]
    )

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print every registered phone, one per line.",
            discussion: """
                Columns, separated by tabs: platform, environment (ios only, else -), token (in full), \
                name (or -), registered at, last success (or -), last error (or -).
                """
        )

        @OptionGroup var registry: RegistryOptions

        func run() async throws {
            for device in try await registry.registry().list() {
                print(DeviceLine(device).text)
            }
        }
    }

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Register a phone, or register it again with new details.")

        @OptionGroup var registry: RegistryOptions

        @Option(help: "ios (APNs) or android (FCM).")
        var platform: DevicePlatform

        @Option(help: "The device token the app received (APNs: hexadecimal; FCM: the registration token).")
        var token: String

        @Option(help: "iOS only: sandbox for development builds, production for App Store and TestFlight.")
        var environment: APNSEnvironment?

        @Option(help: "A name for people, such as \"Anna's iPhone\".")
        var name: String?

        func run() async throws {
            let result = try await registry.registry().add(
                platform: platform, token: token, environment: environment, name: name)
            print(result == .added ? "added" : "updated")
        }
    }

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Remove a registered phone by its token.")

        @OptionGroup var registry: RegistryOptions

        @Argument(help: "The device token.")
        var token: String

        func run() async throws {
            guard try await registry.registry().remove(token: token) else {
                throw CommandFailure(description: "no device with this token is registered")
            }
            print("removed")
        }
    }

    struct Import: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Register the tokens of a file, one per line, for moving an existing app's users.",
            discussion: "Blank lines and lines starting with # are skipped; invalid tokens are reported by line."
        )

        @OptionGroup var registry: RegistryOptions

        @Argument(help: ArgumentHelp("The file of tokens; - for standard input.", valueName: "file"))
        var file: String

        @Option(help: "ios (APNs) or android (FCM): the platform of every token in the file.")
        var platform: DevicePlatform

        func run() async throws {
            let text = try readText()
            let summary = try await registry.registry().import(
                tokens: text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init),
                platform: platform)
            print("\(summary.added) added, \(summary.updated) updated, \(summary.invalid.count) invalid")
            if !summary.invalid.isEmpty {
                let lines = summary.invalid.map { "\(file):\($0.line): \($0.reason)" }
                throw CommandFailure(description: lines.joined(separator: "\n"))
            }
        }

        private func readText() throws -> String {
            if file == "-" {
                return Array(sequence(state: ()) { _ in readLine() }).joined(separator: "\n")
            }
            do {
                return try String(contentsOfFile: file, encoding: .utf8)
            } catch {
                throw ValidationError("cannot read \(file): \(error.localizedDescription)")
            }
        }
    }
}

/// A failure that is not a usage error, printed by ArgumentParser on standard error (exit status 1).
struct CommandFailure: Error, CustomStringConvertible {
    let description: String
}
