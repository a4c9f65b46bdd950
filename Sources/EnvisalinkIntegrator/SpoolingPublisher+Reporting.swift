import AlarmCore
import Logging

extension SpoolingPublisher {
    /// Publishes `event`, never throwing: an event the spool cannot take is still held in memory
    /// and published in its turn, which is logged as critical (it would not survive a stop).
    func publishReportingFailures(_ event: AlarmEvent, logger: Logger) async {
        do {
            try await publish(event)
        } catch {
            logger.critical(
                "cannot write the event spool: the event is held in memory only until beanstalkd takes it (lost if the integrator stops first)",
                metadata: ["error": "\(error)", "type": "\(event.type.rawValue)"])
        }
    }
}
