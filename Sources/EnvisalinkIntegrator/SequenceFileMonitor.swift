import AlarmCore
import Logging
import ServiceLifecycle

/// Makes a sequence state file that cannot be written loud: a critical log line and a `fault`
/// event when it starts failing, a `recovery` when it is written again. Numbering goes on
/// meanwhile (``SequenceCounter``), so no event is held back.
struct SequenceFileMonitor: Service {
    let counter: SequenceCounter
    let publisher: SpoolingPublisher
    let logger: Logger

    func run() async throws {
        await cancelWhenGracefulShutdown { [counter, publisher, logger] in
            for await state in counter.stateChanges {
                let event: AlarmEvent
                switch state {
                case let .failing(problem):
                    logger.critical("the event sequence cannot be saved: numbering goes on from memory and the clock",
                                    metadata: ["error": "\(problem)"])
                    event = Self.event(.fault, "Event \(problem); numbering goes on from the clock")
                case .saved:
                    logger.notice("the event sequence file is saved again")
                    event = Self.event(.recovery, "Event sequence file saved again")
                }
                await publisher.publishReportingFailures(event, logger: logger)
            }
        }
    }

    private static func event(_ type: EventType, _ message: String) -> AlarmEvent {
        AlarmEvent(type: type, code: "sequence", message: message, raw: "", timestamp: LinkEventReporter.now())
    }
}
