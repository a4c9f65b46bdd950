import AlarmCore
import Beanstalk

/// A daemon the API watches through a tube it takes jobs from: it runs while something watches
/// that tube.
struct WatchedDaemon: Sendable, Hashable {
    /// The executable, or `consumer of <tube>` for a tube the configuration does not name.
    let name: String
    let tube: TubeName

    /// The daemons of `configuration`: the integrator on each command tube, then the consumer of
    /// each event tube but the API's own (`command.tube`).
    static func all(in configuration: HowAlarmingConfig) -> [WatchedDaemon] {
        let tubes = configuration.beanstalkd
        var named: [TubeName: String] = [
            configuration.push.tube: "howalarming-push",
            configuration.log.tube: "howalarming-log",
        ]
        if let mqtt = configuration.mqtt { named[mqtt.tube] = "howalarming-mqtt" }
        let integrator = tubes.commandTubes.map { WatchedDaemon(name: "howalarming-envisalink", tube: $0) }
        let consumers = tubes.eventTubes.filter { $0 != configuration.command.tube }.map { tube in
            WatchedDaemon(name: named[tube] ?? "consumer of \(tube)", tube: tube)
        }
        return integrator + consumers
    }
}
