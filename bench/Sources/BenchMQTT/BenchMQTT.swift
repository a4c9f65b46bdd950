import ArgumentParser
import Logging
import MQTT
import NIOCore

#if canImport(Glibc)
import Glibc
#endif

/// `bench-mqtt`: HowAlarming's MQTT client publishing `count` messages to a broker as fast as the
/// session lets it, printed as one JSON line (`bench/mqtt.py` runs it and the paho-mqtt peer
/// alternately, several times, and takes medians).
///
/// At QoS 1 the time runs from the first publish to the last PUBACK, with `window` messages
/// awaiting theirs at once (the session's `maximumInFlight`). At QoS 0 the client only writes:
/// the caller times the messages' arrival at a separate subscriber from `started_at`.
@main
struct BenchMQTT: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench-mqtt",
        abstract: "Measure HowAlarming's MQTT client publishing to a broker on 127.0.0.1.")

    @Option(help: "The broker's port on 127.0.0.1.") var port: Int = 1883
    @Option(help: "The messages' QoS: 0 or 1.") var qos: Int = 1
    @Option(help: "Messages to publish.") var count: Int = 20_000
    @Option(help: "QoS 1 messages awaiting their PUBACK at once (the session's maximumInFlight).") var window: Int = 32
    @Option(help: "Payload size in bytes.") var payloadSize: Int = 200
    @Option(help: "The topic published to.") var topic: String = "bench/throughput"

    /// Publish calls waiting at once: the session queues them behind the in-flight window.
    private static let backlog = 10_000

    func validate() throws {
        guard qos == 0 || qos == 1 else { throw ValidationError("--qos is 0 or 1") }
        guard count > 0, window > 0, payloadSize >= 0 else { throw ValidationError("--count and --window must be positive") }
    }

    func run() async throws {
        let backlog = min(count, Self.backlog)
        let session = MQTTSessionConfiguration(
            connect: try ConnectPacket(clientID: "bench-mqtt-\(getpid())", cleanSession: true, keepAlive: 60),
            maximumInFlight: window, maximumQueued: max(backlog, window))
        var logger = Logger(label: "bench-mqtt")
        logger.logLevel = .warning
        let client = MQTTClient(
            configuration: MQTTClientConfiguration(host: "127.0.0.1", port: port, session: session), logger: logger)
        try await client.connect()
        let message = try MQTTMessage(
            topic: TopicName(topic), payload: ByteBuffer(repeating: UInt8(ascii: "x"), count: payloadSize),
            qos: qos == 0 ? .atMostOnce : .atLeastOnce, retain: false)

        let startedAt = wallClockSeconds()
        let started = ContinuousClock.now
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<backlog { group.addTask { try await client.publish(message) } }
            var published = backlog
            while try await group.next() != nil {
                guard published < count else { continue }
                group.addTask { try await client.publish(message) }
                published += 1
            }
        }
        let elapsed = (ContinuousClock.now - started).components
        let seconds = Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18
        await client.close()
        print(#"{"client":"swift","qos":\#(qos),"window":\#(window),"count":\#(count),"seconds":\#(seconds),"#
            + #""per_s":\#(Double(count) / seconds),"started_at":\#(startedAt)}"#)
    }

    /// This machine's wall clock, which the subscriber's arrival times are compared with.
    private func wallClockSeconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }
}
