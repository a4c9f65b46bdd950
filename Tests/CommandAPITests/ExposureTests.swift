import AlarmCore
import CommandAPITestSupport
import Logging
import Synchronization
import TestSupport
import Testing

@testable import CommandAPI

/// Start-up warnings about how the API is exposed.
@Suite struct ExposureTests {
    /// Every message logged at warning level or above.
    final class Warnings: Sendable {
        let messages = Mutex<[String]>([])

        var logger: Logger {
            Logger(label: "test") { _ in Handler(warnings: self) }
        }

        struct Handler: LogHandler {
            let warnings: Warnings
            var logLevel: Logger.Level = .warning
            var metadata: Logger.Metadata = [:]
            subscript(metadataKey key: String) -> Logger.Metadata.Value? {
                get { metadata[key] }
                set { metadata[key] = newValue }
            }

            func log(event: LogEvent) {
                warnings.messages.withLock { $0.append("\(event.message)") }
            }
        }
    }

    private func warnings(listen: ListenAddress, extra: String = "") throws -> [String] {
        let directory = try TemporaryDirectory()
        let text = APIStage.configurationText(port: try ClosedPort().port, directory: directory, extra: extra)
        let configuration = try HowAlarmingConfig.parse(yaml: text, path: nil, environment: [:])
        let warnings = Warnings()
        _ = try CommandAPIApp.services(configuration: configuration, metrics: CommandMetrics(), logger: warnings.logger, listen: listen)
        return warnings.messages.withLock { $0 }
    }

    @Test func aNonLoopbackAddressWithoutTLSIsWarnedAbout() throws {
        let exposed = try warnings(listen: ListenAddress(host: "0.0.0.0", port: 8080))
        #expect(exposed.contains { $0.hasPrefix("listening on a non-loopback address without TLS") }, "\(exposed)")
        #expect(try warnings(listen: ListenAddress(host: "127.0.0.1", port: 8080)).isEmpty)
    }

    @Test func aTubeNoProducerFillsIsWarnedAbout() throws {
        let unfed = try warnings(listen: ListenAddress(host: "127.0.0.1", port: 8080), extra: "  tube: nobody-puts-here")
        #expect(unfed == ["command.tube is not in beanstalkd.tubes.events: no events will arrive"])
    }
}
