import AlarmCore
import ArgumentParser
import PushDelivery

/// `howalarming-push devices …`: the registered phones.
struct Devices: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List, add, rename, remove and import registered phones and browsers.",
        subcommands: [List.self, Add.self, Rename.self, Remove.self, Import.self]
    )

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print every registered device, one per line.",
            discussion: """
                Columns, separated by tabs: device id, platform, environment (ios only, else -), token \
                (in full; for web devices the endpoint's origin only, its path is secret), name (or -), \
                registered at, last success (or -), last error (or -), owner: the API token that \
                registered it (or -).
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
            abstract: "Register a phone or browser, or register it again with new details.")

        @OptionGroup var registry: RegistryOptions

        @Option(help: "ios (APNs), android (FCM) or web (Web Push).")
        var platform: DevicePlatform

        @Option(help: "The device token the app received (APNs: hexadecimal; FCM: the registration token).")
        var token: String?

        @Option(
            help: ArgumentHelp(
                "web only: the browser's PushSubscription as JSON (PushSubscription.toJSON()); - for standard input.",
                valueName: "file"))
        var subscription: String?

        @Option(help: "iOS only: sandbox for development builds, production for App Store and TestFlight.")
        var environment: APNSEnvironment?

        @Option(help: "A name for people, such as \"Anna's iPhone\".")
        var name: String?

        func run() async throws {
            let registry = try self.registry.registry()
            guard platform == .web else {
                guard let token, subscription == nil else {
                    throw ValidationError("\(platform) devices need --token (and no --subscription)")
                }
                let result = try await registry.add(platform: platform, token: token, environment: environment, name: name)
                print(result == .added ? "added" : "updated")
                return
            }
            guard let subscription, token == nil, environment == nil else {
                throw ValidationError("web devices need --subscription (and no --token or --environment)")
            }
            guard try self.registry.webPushConfigured() else {
                throw CommandFailure(
                    description: "Web Push is not configured (push.web_push): a web device would never get a notification")
            }
            let message = try SubscriptionFile(path: subscription).registration(name: name)
            guard case .registerWeb(let endpoint, let keys, let name, _) = message else {
                throw CommandFailure(description: "\(subscription) does not hold a browser's push subscription")
            }
            let result = try await registry.add(platform: .web, token: endpoint, name: name, webPushKeys: keys)
            print("\(result == .added ? "added" : "updated") \(DeviceToken(provider: .webPush, storedValue: endpoint).deviceID)")
        }
    }

    struct Rename: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Give a registered device a new name.")

        @OptionGroup var registry: RegistryOptions

        @Argument(help: "The device id (the first column of devices list).")
        var device: String

        @Argument(help: "The new name; \"\" removes the name.")
        var name: String

        func run() async throws {
            guard let id = DeviceID(device) else { throw ValidationError("\(device) is not a device id") }
            guard try await registry.registry().rename(deviceID: id, name: name) else {
                throw CommandFailure(description: "no device with this id is registered")
            }
            print("renamed")
        }
    }

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Remove a registered device by its id or token.")

        @OptionGroup var registry: RegistryOptions

        @Argument(help: "The device id (the first column of devices list), or the device token.")
        var device: String

        func run() async throws {
            let registry = try self.registry.registry()
            var removed = false
            if let id = DeviceID(device) { removed = try await registry.remove(deviceID: id) }
            if !removed { removed = try await registry.remove(token: device) }
            guard removed else {
                throw CommandFailure(description: "no device with this id or token is registered")
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

        @Option(help: "ios (APNs) or android (FCM): the platform of every token in the file (web devices are added one by one).")
        var platform: DevicePlatform

        func run() async throws {
            let text = try InputText.read(file)
            let summary = try await registry.registry().import(
                tokens: text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init),
                platform: platform)
            print("\(summary.added) added, \(summary.updated) updated, \(summary.invalid.count) invalid")
            if !summary.invalid.isEmpty {
                let lines = summary.invalid.map { "\(file):\($0.line): \($0.reason)" }
                throw CommandFailure(description: lines.joined(separator: "\n"))
            }
        }
    }
}

/// A failure that is not a usage error, printed by ArgumentParser on standard error (exit status 1).
struct CommandFailure: Error, CustomStringConvertible {
    let description: String
}
