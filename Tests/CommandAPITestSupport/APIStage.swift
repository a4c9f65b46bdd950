package import AlarmCore
package import CommandAPI
package import Foundation
package import Logging
import ServiceLifecycle
package import TestSupport

/// A real beanstalkd, a database in a temporary directory and the command API's services running
/// in-process on a free loopback port, reached over real HTTP.
package struct APIStage: RunningAPI {
    package let server: BeanstalkdServer
    package let directory: TemporaryDirectory
    package let port: Int

    package var databasePath: String { directory.appending("command.sqlite") }

    /// The configuration's YAML: events on `events` (the API's own tube `command` first), commands
    /// on `commands`; `extra` goes in the `command` section.
    package static func configurationText(
        port: Int, directory: TemporaryDirectory, events: [String] = ["command"], extra: String = ""
    ) -> String {
        """
        beanstalkd:
          host: 127.0.0.1
          port: \(port)
          tubes: {commands: [commands], events: [\(events.joined(separator: ", "))]}
        command:
          database: \(directory.appending("command.sqlite"))
        \(extra)
        """
    }

    /// Runs `body` with a fresh stage; `command` adds keys to the `command` section (indented),
    /// `stream` sets the limits of `GET /v1/stream`.
    /// `ackTokenWait` is how long an acknowledgement waits for its token's report; `logger`
    /// receives the services' logs.
    package static func run<Result>(
        command extra: String = "", stream: StreamSettings = StreamSettings(), ackTokenWait: Duration = .seconds(5),
        logger: Logger = quietLogger, isolation: isolated (any Actor)? = #isolation,
        _ body: (APIStage) async throws -> Result
    ) async throws -> Result {
        try await withTemporaryDirectory { directory in
            try await withBeanstalkd { server in
                let text = configurationText(port: server.port, directory: directory, extra: extra)
                let configuration = try HowAlarmingConfig.parse(yaml: text, path: directory.appending("config.yaml"), environment: [:])
                return try await serve(
                    configuration, server: server, directory: directory, stream: stream, ackTokenWait: ackTokenWait,
                    logger: logger, body)
            }
        }
    }

    /// Runs the services for `configuration` while `body` runs, then shuts them down gracefully.
    package static func serve<Result>(
        _ configuration: HowAlarmingConfig, server: BeanstalkdServer, directory: TemporaryDirectory,
        stream: StreamSettings = StreamSettings(), ackTokenWait: Duration = .seconds(5), logger: Logger = quietLogger,
        isolation: isolated (any Actor)? = #isolation,
        _ body: (APIStage) async throws -> Result
    ) async throws -> Result {
        let (ports, portContinuation) = AsyncStream.makeStream(of: Int.self)
        // The daemon watch checks often, so that tests see a daemon start or stop at once.
        let services = try CommandAPIApp.services(
            configuration: configuration, metrics: CommandMetrics(), logger: logger,
            listen: ListenAddress(host: "127.0.0.1", port: 0), stream: stream, daemonCheck: .milliseconds(100),
            ackTokenWait: ackTokenWait, onListening: { portContinuation.yield($0) })
        let group = ServiceGroup(configuration: .init(services: services, logger: quietLogger))
        let running = Task {
            defer { portContinuation.finish() }
            try await group.run()
        }
        return try await TestSupport.running {
            guard let port = await ports.first(where: { _ in true }) else {
                try await running.value
                throw CancellationError()  // the services stopped before listening, without an error
            }
            return try await body(APIStage(server: server, directory: directory, port: port))
        } then: {
            await group.triggerGracefulShutdown()
            _ = try? await running.value
        }
    }

    /// A new token with `scope`, stored in the stage's database.
    package func token(_ scope: TokenScope, name: String = "phone-\(UUID().uuidString.prefix(8))") async throws -> String {
        try await TokenStore(database: CommandDatabase(path: databasePath)).create(name: name, scope: scope).value
    }
}

package let quietLogger = Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() })

/// An event's JSON with a fresh id, from source `panel`.
package func eventJSON(
    _ type: String, code: String, sequence: Int, partition: Int? = nil, zone: Int? = nil, id: UUID = UUID(),
    message: String = "", timestamp: Int = 1_700_000_000
) -> String {
    var fields = [
        #""type":"\#(type)""#, #""code":"\#(code)""#, #""message":"\#(message)""#, #""timestamp":\#(timestamp)"#,
        #""id":"\#(id.uuidString.lowercased())""#, #""source":"panel""#, #""sequence":\#(sequence)"#,
    ]
    if let partition { fields.append(#""partition":\#(partition)"#) }
    if let zone { fields.append(#""zone":\#(zone)"#) }
    return "{" + fields.joined(separator: ",") + "}"
}
