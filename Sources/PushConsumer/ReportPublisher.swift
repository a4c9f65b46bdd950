import AlarmCore
import Beanstalk
import Logging
import NIOCore
import PushDelivery
import ServiceLifecycle

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Puts the push reports on `push.report_tube`: a `devices` report at start, then every
/// report the ``PushReportQueue`` hands over, on a connection of its own. At start it also says
/// loudly when registered devices belong to a provider that is not configured.
///
/// A put that fails is logged and the report dropped (the connection is opened again for the
/// next one): reports are a view of the ledger and the registry, and a `devices` report after
/// the next change, or at the next start, brings the list up to date.
struct ReportPublisher: Service {
    let queue: PushReportQueue
    let registry: DeviceRegistry
    let endpoint: BeanstalkEndpoint
    let tube: TubeName
    let vapidPublicKey: String?
    /// The providers configured: registered devices of others get nothing, which is said at start.
    let providers: Set<PushProvider>
    let logger: Logger

    /// How long after a failed put reports are dropped without trying beanstalkd again.
    static let retryInterval = Duration.seconds(1)
    /// The shortest time between two `devices` reports: every delivery changes its device's last
    /// success, and a fan-out to hundreds of phones followed by a list of every phone per phone
    /// would be hundreds of lists read, encoded and put while the alarm is still going out.
    static let devicesReportSpacing = Duration.seconds(1)

    func run() async throws {
        var connection: BeanstalkConnection?
        var dropped = 0
        var retryAt: ContinuousClock.Instant?
        var started = false
        var lastDevicesReport: ContinuousClock.Instant?
        func publish(_ body: [UInt8]) async {
            if let retryAt, ContinuousClock.now < retryAt {
                dropped += 1
                return
            }
            do {
                let current: BeanstalkConnection
                if let connection {
                    current = connection
                } else {
                    current = try await BeanstalkConnection.connect(to: endpoint)
                    connection = current
                }
                _ = try await current.put(ByteBuffer(bytes: body), into: tube)
                if retryAt != nil {
                    logger.notice("push reports are put again", metadata: ["tube": "\(tube)", "dropped": "\(dropped)"])
                }
                retryAt = nil
                dropped = 0
            } catch {
                if retryAt == nil {
                    logger.error("a push report could not be put: dropped (deliveries go on)", metadata: [
                        "tube": "\(tube)", "error": "\(error)",
                    ])
                }
                dropped += 1
                retryAt = .now + Self.retryInterval
                await connection?.close()
                connection = nil
            }
        }
        queue.registryChanged()
        // Stopped after the event consumer (see PushConsumerApp): what it queued is still put.
        await withGracefulShutdownHandler {
            for await pending in queue.reports {
                switch pending {
                case .delivery(let body):
                    await publish(body)
                case .devices:
                    // Changes until the report is read join it (the marker is not yet taken).
                    if let lastDevicesReport {
                        try? await cancelWhenGracefulShutdown {
                            try await Task.sleep(until: lastDevicesReport + Self.devicesReportSpacing)
                        }
                    }
                    lastDevicesReport = .now
                    queue.devicesTaken()
                    do {
                        let devices = try await registry.list()
                        if !started {
                            started = true
                            warnAboutUnreachable(devices)
                        }
                        await publish(devicesReport(devices).jsonBytes())
                    } catch {
                        logger.error("the device list for a push report could not be read", metadata: ["error": "\(error)"])
                    }
                }
            }
        } onGracefulShutdown: {
            queue.finish()
        }
        await connection?.close()
    }

    /// The `devices` report of `devices`, as they are now.
    private func devicesReport(_ devices: [RegisteredDevice]) -> PushReport {
        let summaries = devices.map { device in
            DeviceSummary(
                device: device.id, platform: device.platform, name: device.name,
                registeredAt: device.registeredAt.unixMilliseconds,
                lastSuccessAt: device.lastSuccessAt.map(\.unixMilliseconds), lastError: device.lastError,
                lastErrorAt: device.lastErrorAt.map(\.unixMilliseconds), owner: device.owner)
        }
        return .devices(
            DevicesReport(time: Date().unixMilliseconds, vapidPublicKey: vapidPublicKey, devices: summaries))
    }

    /// Says loudly, at start, that registered devices of an unconfigured provider get nothing.
    private func warnAboutUnreachable(_ devices: [RegisteredDevice]) {
        let unreachable = devices.filter { !providers.contains($0.token.provider) }
        for provider in Set(unreachable.map(\.token.provider)).sorted(by: { $0.rawValue < $1.rawValue }) {
            let count = unreachable.count { $0.token.provider == provider }
            logger.error(
                "\(count) registered devices get no notifications: \(provider) is not configured (push.\(provider.configKey))")
        }
    }
}

extension PushProvider {
    /// The configuration section of the provider, under `push`.
    var configKey: String {
        switch self {
        case .apns: "apns"
        case .fcm: "fcm"
        case .webPush: "web_push"
        }
    }
}
