public import AlarmCore
public import ArgumentParser
public import PushDelivery
import PushConsumer

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Where the device registry is: `--database`, else `push.database` of the configuration.
struct RegistryOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("Configuration file (default: $HOWALARMING_CONFIG, else /etc/howalarming/config.yaml or ./config.yaml).", valueName: "file"))
    var config: String?

    @Option(name: .long, help: ArgumentHelp("The device database, instead of push.database.", valueName: "file"))
    var database: String?

    /// The registry, opened (and created if missing).
    func registry() throws -> DeviceRegistry {
        if let database {
            return DeviceRegistry(database: try PushDatabase.open(path: database, keyPath: nil))
        }
        let configuration = try HowAlarmingConfig.load(
            explicitPath: config, environment: ProcessInfo.processInfo.environment)
        return DeviceRegistry(
            database: try PushDatabase.open(configuredBy: configuration.push),
            defaultEnvironment: configuration.push.apns?.environment ?? .production)
    }
}

extension DevicePlatform: ExpressibleByArgument {}
extension APNSEnvironment: ExpressibleByArgument {}
