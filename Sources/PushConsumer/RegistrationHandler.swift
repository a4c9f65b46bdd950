import AlarmCore
import Logging
import PushDelivery

/// Applies device registration messages to the registry.
struct RegistrationHandler: Sendable {
    let registry: DeviceRegistry

    /// Registers or removes the device. A message the registry refuses (a malformed token, a
    /// name too long) is buried with the reason; a database failure is retried.
    func handle(_ job: RegistrationJob, context: JobContext) async throws -> JobOutcome {
        do {
            try await job.message.apply(to: registry)
        } catch let error as RegistryError {
            return .bury(reason: "registration refused: \(error.message)")
        }
        switch job.message {
        case .register(let platform, _, let environment, let name):
            context.logger.info("device registered", metadata: [
                "platform": "\(platform)", "environment": "\(environment.map(\.rawValue) ?? "default")",
                "name": "\(name ?? "")",
            ])
        case .unregister:
            context.logger.info("device unregistered")
        }
        return .done
    }
}
