import AlarmCore
import ArgumentParser
import DaemonMetrics
import DaemonSupport
import MQTTConsumer

/// `howalarming-mqtt`: the MQTT bridge.
@main
struct HowAlarmingMQTT: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "howalarming-mqtt",
        abstract: "Publish the alarm panel to an MQTT broker, with Home Assistant discovery, and take commands from it.",
        discussion: """
            Takes events from the mqtt.tube tube and publishes the panel's state as retained \
            messages under howalarming/<site>/ (partitions, zones, troubles, the panel's \
            availability), every event on howalarming/<site>/event, and Home Assistant's discovery \
            configs under mqtt.discovery_prefix. Commands from Home Assistant (howalarming/<site>/p<N>/set) \
            and from scripts (howalarming/<site>/command) go on the command tube, where the \
            integrator checks them as every command; a refused one is explained on \
            howalarming/<site>/command/refused. Needs an mqtt section in the configuration and \
            mqtt.tube in beanstalkd.tubes.events. Keeps trying while the broker is unreachable. \
            Stops cleanly on SIGTERM or SIGINT: publishes offline and disconnects. See docs/mqtt.md.
            """,
        version: "0.1.0"
    )

    @OptionGroup var options: DaemonOptions

    func run() async throws {
        let (configuration, logger) = try options.start(label: "howalarming-mqtt")
        let metrics = MetricsServer.bootstrapped(configuration.mqtt?.metrics, logger: logger)
        let services = try MQTTConsumerApp.services(configuration: configuration, logger: logger)
        try await runUntilSignalled(services, metrics: metrics, logger: logger)
    }
}
