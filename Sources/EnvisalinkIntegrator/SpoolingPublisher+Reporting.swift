import AlarmCore
import Beanstalk
import Logging

extension SpoolingPublisher {
    /// Publishes `event` to every tube but those in `excluded`, never throwing: an event the spool cannot take is still held in memory
    /// and published in its turn, which is logged as critical (it would not survive a stop).
    func publishReportingFailures(_ event: AlarmEvent, except excluded: Set<TubeName> = [], logger: Logger) async {
        do {
            try await publish(event, except: excluded)
        } catch {
            logger.critical(
                "cannot write the event spool: the event is held in memory only until beanstalkd takes it (lost if the integrator stops first)",
                metadata: ["error": "\(error)", "type": "\(event.type.rawValue)"])
        }
    }
}
