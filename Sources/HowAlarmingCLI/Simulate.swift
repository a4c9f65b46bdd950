import AlarmCore
import ArgumentParser
import Beanstalk
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension HowAlarming {
    /// Puts a synthetic event on the event tubes, as the original simulate.py did.
    struct Simulate: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Put a synthetic event of TYPE on every event tube; prints its id.",
            discussion: """
                TYPE is one of: \(EventType.allCases.map(\.rawValue).joined(separator: ", ")). \
                The event has source howalarming-cli, a fresh id and a sequence from the clock, so \
                consumers treat it exactly like one from the integrator.
                """
        )

        @OptionGroup var queue: QueueOptions

        @Argument(help: "The event type.")
        var type: String

        @Option(help: "The event's message (a typical one for TYPE by default).")
        var message: String?

        @Option(help: "The zone (1-128) the event is about.")
        var zone: Int?

        @Option(help: "The partition (1-8) the event is about.")
        var partition: Int?

        @Option(help: "The event's code (a typical DSC code for TYPE by default).")
        var code: String?

        func validate() throws {
            guard EventType(rawValue: type) != nil else {
                throw ValidationError("unknown event type \"\(type)\"; use one of \(EventType.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            if let zone, !(1...128).contains(zone) { throw ValidationError("--zone must be from 1 to 128") }
            if let partition, !(1...8).contains(partition) { throw ValidationError("--partition must be from 1 to 8") }
        }

        func run() async throws {
            let type = EventType(rawValue: type)!
            let sample = SimulatedEvent.sample(for: type)
            let configuration = try queue.loadConfiguration()
            var event = AlarmEvent(
                type: type,
                code: code ?? sample.code,
                message: message ?? sample.message,
                raw: "simulated",
                timestamp: Int64(Date().timeIntervalSince1970))
            event.zone = zone
            event.zoneName = zone.flatMap { configuration.envisalink?.zones[$0] }
            event.partition = partition
            let publisher = EventPublisher(
                endpoint: configuration.beanstalkd.endpoint, tubes: configuration.beanstalkd.consumerEventTubes, taps: configuration.beanstalkd.tapTubes,
                source: "howalarming-cli", sequence: SequenceCounter(stateFile: nil), logger: queue.logger)
            let published = try await publisher.publish(event)
            await publisher.close()
            try Output.line(published.id!.uuidString.lowercased())
        }
    }
}

/// Typical codes and messages for simulated events, after the DSC panel's own.
enum SimulatedEvent {
    static func sample(for type: EventType) -> (code: String, message: String) {
        switch type {
        case .command: ("000", "Simulated command echo")
        case .info: ("609", "Zone open")
        case .armed: ("652", "Partition armed")
        case .disarmed: ("655", "Partition disarmed")
        case .response: ("500", "Command acknowledged")
        case .alarm: ("601", "Zone alarm")
        case .recovery: ("602", "Zone alarm restored")
        case .fault: ("800", "Panel battery trouble")
        case .unknown: ("999", "Unknown panel message")
        }
    }
}
