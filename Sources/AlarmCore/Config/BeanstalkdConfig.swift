public import Beanstalk

/// Where beanstalkd runs and which tubes carry commands and events: section `beanstalkd`.
public struct BeanstalkdConfig: Sendable, Hashable {
    /// Host name or IP address of beanstalkd (`host`, default `127.0.0.1`).
    public var host = "127.0.0.1"
    /// TCP port of beanstalkd (`port`, 1–65535, default 11300).
    public var port = 11300
    /// Path of a unix socket to connect to instead of `host` and `port` (`socket`, default none).
    public var socket: String?
    /// Tubes the alarm integrator watches for commands (`tubes.commands`, default `[commands]`).
    public var commandTubes = [TubeName(validLiteral: "commands")]
    /// Tubes every event is put on, one per consumer
    /// (`tubes.events`, default `[cli, push, log, command]`). A tube that is also a tap is
    /// treated as a tap.
    public var eventTubes = [
        TubeName(validLiteral: "cli"), TubeName(validLiteral: "push"),
        TubeName(validLiteral: "log"), TubeName(validLiteral: "command"),
    ]
    /// Tubes that get each event only while some client watches them (`tubes.taps`, default
    /// `[cli]`): what `howalarming tail` reads. A tap nobody watches costs nothing, so events
    /// never pile up in it.
    public var tapTubes = [TubeName(validLiteral: "cli")]

    /// The defaults: a local beanstalkd and the standard tubes.
    public init() {}
}

extension BeanstalkdConfig {
    /// Reads the `beanstalkd` mapping; absent keys keep their defaults.
    init(reading map: ConfigMap) throws(ConfigError) {
        self.init()
        host = try map.value("host")?.nonEmptyText() ?? host
        port = try map.value("port")?.port() ?? port
        socket = try map.value("socket")?.nonEmptyText()
        if let tubes = try map.section("tubes") {
            let commands = tubes.value("commands")
            commandTubes = try commands?.tubeNames() ?? commandTubes
            eventTubes = try tubes.value("events")?.tubeNames() ?? eventTubes
            let taps = tubes.value("taps")
            tapTubes = try taps?.tubeNames() ?? tapTubes
            // The defaults do not overlap: a shared tube comes from the taps or the commands set here.
            if let shared = tapTubes.first(where: commandTubes.contains), let key = taps ?? commands {
                throw key.failure("tube \(shared) is both a tap and a command tube: commands need a tube of their own")
            }
        }
    }
}

extension BeanstalkdConfig {
    /// The event tubes that keep every event until its consumer handles it: ``eventTubes``
    /// without the taps.
    public var consumerEventTubes: [TubeName] {
        eventTubes.filter { !tapTubes.contains($0) }
    }
}

extension BeanstalkdConfig {
    /// Where to connect: the unix socket when `socket` is set, otherwise `host`:`port`.
    public var endpoint: BeanstalkEndpoint {
        socket.map { .unixSocket(path: $0) } ?? .tcp(host: host, port: port)
    }
}
