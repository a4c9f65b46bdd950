public import AlarmCore
public import ArgumentParser
import PushDelivery
import DaemonSupport
import PushConsumer

/// Where the device registry is: `--database`, else `push.database` of the configuration.
struct RegistryOptions: ParsableArguments {
    @OptionGroup var configFile: ConfigFileOption

    @Option(name: .long, help: ArgumentHelp("The device database, instead of push.database.", valueName: "file"))
    var database: String?

    /// The registry, opened (and created if missing).
    func registry() throws -> DeviceRegistry {
        if let database {
            return DeviceRegistry(database: try PushDatabase.open(path: database, keyPath: nil))
        }
        let configuration = try configFile.load()
        return DeviceRegistry(
            database: try PushDatabase.open(configuredBy: configuration.push),
            defaultEnvironment: configuration.push.apns?.environment ?? .production)
    }
}

extension RegistryOptions {
    /// Whether the configuration has Web Push (`push.web_push`); with `--database` alone there
    /// is no configuration to ask, and the operator is trusted.
    func webPushConfigured() throws -> Bool {
        guard database == nil else { return true }
        return try configFile.load().push.webPush != nil
    }
}

extension DevicePlatform: ExpressibleByArgument {}
extension APNSEnvironment: ExpressibleByArgument {}
