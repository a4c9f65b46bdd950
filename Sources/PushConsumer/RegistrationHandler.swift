import AlarmCore
import Logging
import PushDelivery

/// Applies device registration messages to the registry.
struct RegistrationHandler: Sendable {
    let registry: DeviceRegistry
    /// Whether Web Push is configured; without it a `web` registration is refused.
    let webPushEnabled: Bool
    /// Told of every change, for the `devices` report.
    let reports: PushReportQueue

    /// Registers, renames or removes the device. A message the registry refuses (a malformed
    /// token, a name too long, a web device without Web Push configured) is buried with the
    /// reason; a database failure is retried.
    func handle(_ job: RegistrationJob, context: JobContext) async throws -> JobOutcome {
        let changed: Bool
        do {
            changed = try await job.message.apply(to: registry, webPushEnabled: webPushEnabled)
        } catch let error as RegistryError {
            if error.code == .webPushNotConfigured {
                context.logger.error("web device refused: \(error.message)")
            }
            return .bury(reason: "registration refused: \(error.message)")
        }
        if changed { reports.registryChanged() }
        switch job.message {
        case .register(let platform, _, let environment, let name, _):
            context.logger.info("device registered", metadata: [
                "platform": "\(platform)", "environment": "\(environment.map(\.rawValue) ?? "default")",
                "name": "\(name ?? "")",
            ])
        case .registerWeb(let endpoint, _, let name, _):
            context.logger.info("device registered", metadata: [
                "platform": "web", "origin": "\(DeviceToken(provider: .webPush, storedValue: endpoint).redacted)",
                "name": "\(name ?? "")",
            ])
        case .unregister, .unregisterDevice:
            context.logger.info(changed ? "device unregistered" : "unregister: no such device")
        case .rename:
            context.logger.info(changed ? "device renamed" : "rename: no such device")
        }
        return .done
    }
}
