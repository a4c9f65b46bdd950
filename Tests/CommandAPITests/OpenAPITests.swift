import CommandAPITestSupport
import Foundation
import HTTPTypes
import Hummingbird
import TestSupport
import Testing

@testable import AlarmCore
@testable import CommandAPI

/// `docs/openapi.yaml` describes the server as it is: the same operations as the router, and for
/// each operation the same status codes as real requests produce.
@Suite("OpenAPI document")
struct OpenAPITests {
    /// An operation: method (upper case) and path template, such as `DELETE /v1/devices/{device}`.
    struct Operation: Hashable, CustomStringConvertible {
        let method: String
        let path: String
        var description: String { "\(method) \(path)" }
    }

    static let documentPath = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("docs/openapi.yaml").path

    /// Each documented operation's response status codes.
    static func documented() throws -> [Operation: Set<Int>] {
        let text = try String(contentsOfFile: documentPath, encoding: .utf8)
        let document = try #require(try YAMLComposer.compose(text))
        #expect(document["openapi"]?.text == "3.1.0")
        var operations: [Operation: Set<Int>] = [:]
        for (path, methods) in try #require(document["paths"]).entries {
            for (method, operation) in methods.entries {
                let responses = try #require(operation["responses"], "\(method) \(path)")
                operations[Operation(method: method.uppercased(), path: path)] = Set(responses.entries.compactMap { Int($0.key) })
            }
        }
        return operations
    }

    @Test func everyRouteIsDocumentedAndEveryDocumentedOperationIsRouted() async throws {
        try await withTemporaryDirectory { directory in
            let database = try CommandDatabase(path: directory.appending("command.sqlite"))
            let router = APIRouter.router(APIRouter.Dependencies(
                store: EventStore(database: database), tokens: TokenStore(database: database),
                audit: CommandAudit(database: database),
                producer: QueueProducer(endpoint: .tcp(host: "127.0.0.1", port: try ClosedPort().port), logger: quietLogger),
                throttle: AuthThrottle(limit: 10, window: .seconds(60)), trustedProxies: [], metrics: CommandMetrics(),
                commandTubes: [try TubeName("commands")], registrationTube: try TubeName("push-registrations"),
                bodyLimit: 16384, hub: StreamHub(logger: quietLogger), reports: PushReportStore(database: database),
                acknowledgements: AcknowledgementStore(database: database), escalations: EscalationStore(database: database),
                escalationWake: EscalationWake(), daemons: DaemonBoard(daemons: [], now: 0),
                eventTubes: [try TubeName("command")], taps: []))
            // The console's files are documented together, as `GET /`.
            let consoleFiles = Set(ConsoleFiles().paths).subtracting(["/"])
            let routed = Set(router.routes.map { Operation(method: $0.method.rawValue, path: $0.path.description) })
                .filter { !($0.method == "GET" && consoleFiles.contains($0.path)) }
            let documented = Set(try Self.documented().keys)
            #expect(routed.count == 16)
            #expect(routed.subtracting(documented).isEmpty, "routed but not documented: \(routed.subtracting(documented))")
            #expect(documented.subtracting(routed).isEmpty, "documented but not routed: \(documented.subtracting(routed))")
        }
    }

    /// A request and the status it must get.
    struct Probe {
        enum Credential { case none, read, control, wrong }

        let operation: Operation
        let path: String
        let credential: Credential
        var json: String?
        var contentType: String? = "application/json"
        var headers: [(String, String)] = []
        /// An endless `text/event-stream` answer: only its status is read.
        var streaming = false
        let status: Int

        init(
            _ method: String, _ template: String, at path: String? = nil, _ credential: Credential, json: String? = nil,
            contentType: String? = "application/json", headers: [(String, String)] = [], streaming: Bool = false,
            _ status: Int
        ) {
            operation = Operation(method: method, path: template)
            self.path = path ?? template
            self.credential = credential
            self.json = json
            self.contentType = contentType
            self.headers = headers
            self.streaming = streaming
            self.status = status
        }
    }

    static let apnsToken = String(repeating: "ab", count: 32)
    /// The id of the event stored before the probes, which they acknowledge.
    static let eventID = UUID()
    static let command = #"{"command":"arm"}"#
    static let device = #"{"platform":"ios","token":"\#(apnsToken)"}"#
    static let deviceID = DeviceID(provider: .apns, token: apnsToken)
    static let rename = #"{"name":"Anna (old phone)"}"#
    static let oversize = #"{"command":"arm","message":""# + String(repeating: "x", count: 2000) + #""}"#

    /// With beanstalkd running and the default throttle.
    static let running: [Probe] = [
        Probe("GET", "/", .none, 200),
        Probe("GET", "/", .none, headers: [("If-None-Match", "*")], 304),
        Probe("GET", "/healthz", .none, 200),
        Probe("GET", "/v1/whoami", .read, 200),
        Probe("GET", "/v1/whoami", .none, 401),
        Probe("GET", "/v1/stream", .read, headers: [("Last-Event-ID", "x")], 400),
        Probe("GET", "/v1/stream", .read, streaming: true, 200),
        Probe("GET", "/v1/stream", .none, 401),
        Probe("GET", "/metrics", .read, 200),
        Probe("GET", "/metrics", .none, 401),
        Probe("GET", "/v1/status", .read, 200),
        Probe("GET", "/v1/status", .wrong, 401),
        Probe("GET", "/v1/events", at: "/v1/events?after=0&limit=5", .read, 200),
        Probe("GET", "/v1/events", at: "/v1/events?limit=0", .read, 400),
        Probe("GET", "/v1/events", .none, 401),
        Probe("GET", "/v1/deliveries", at: "/v1/deliveries?before=5&limit=5", .read, 200),
        Probe("GET", "/v1/deliveries", at: "/v1/deliveries?limit=0", .read, 400),
        Probe("GET", "/v1/deliveries", .none, 401),
        Probe("GET", "/v1/devices", .read, 200),
        Probe("GET", "/v1/devices", .none, 401),
        Probe("POST", "/v1/events/{cursor}/acknowledge", at: "/v1/events/1/acknowledge", .control, 200),
        Probe("POST", "/v1/events/{cursor}/acknowledge", at: "/v1/events/x/acknowledge", .control, 400),
        Probe("POST", "/v1/events/{cursor}/acknowledge", at: "/v1/events/99/acknowledge", .control, 404),
        Probe("POST", "/v1/events/{cursor}/acknowledge", at: "/v1/events/1/acknowledge", .none, 401),
        Probe("POST", "/v1/events/{cursor}/acknowledge", at: "/v1/events/1/acknowledge", .read, 403),
        Probe("POST", "/v1/events/by-id/{event_id}/acknowledge", at: "/v1/events/by-id/\(eventID)/acknowledge", .control, 200),
        Probe("POST", "/v1/events/by-id/{event_id}/acknowledge", at: "/v1/events/by-id/nope/acknowledge", .control, 400),
        Probe("POST", "/v1/events/by-id/{event_id}/acknowledge", at: "/v1/events/by-id/\(UUID())/acknowledge", .control, 404),
        Probe("POST", "/v1/events/by-id/{event_id}/acknowledge", at: "/v1/events/by-id/\(eventID)/acknowledge", .none, 401),
        Probe("POST", "/v1/events/by-id/{event_id}/acknowledge", at: "/v1/events/by-id/\(eventID)/acknowledge", .read, 403),
        Probe("POST", "/v1/alarms/{event_id}/ack", at: "/v1/alarms/\(eventID)/ack", .control, 200),
        Probe("POST", "/v1/alarms/{event_id}/ack", at: "/v1/alarms/nope/ack", .control, 400),
        Probe("POST", "/v1/alarms/{event_id}/ack", at: "/v1/alarms/\(UUID())/ack", .control, 404),
        Probe("POST", "/v1/alarms/{event_id}/ack", at: "/v1/alarms/\(eventID)/ack", .wrong, 401),
        Probe("POST", "/v1/alarms/{event_id}/ack", at: "/v1/alarms/\(eventID)/ack", .read, 403),
        Probe("POST", "/v1/commands", .control, json: command, 202),
        Probe("POST", "/v1/commands", .control, json: #"{"command":"arm_night"}"#, 400),
        Probe("POST", "/v1/commands", .none, json: command, 401),
        Probe("POST", "/v1/commands", .read, json: command, 403),
        Probe("POST", "/v1/commands", .control, json: oversize, 413),
        Probe("POST", "/v1/commands", .control, json: command, contentType: "text/plain", 415),
        Probe("POST", "/v1/devices", .control, json: device, 202),
        Probe("POST", "/v1/devices", .control, json: #"{"platform":"ios","token":"x"}"#, 400),
        Probe("POST", "/v1/devices", .wrong, json: device, 401),
        Probe("POST", "/v1/devices", .read, json: device, 403),
        Probe("POST", "/v1/devices", .control, json: oversize, 413),
        Probe("POST", "/v1/devices", .control, json: device, contentType: "text/plain", 415),
        Probe("PATCH", "/v1/devices/{device}", at: "/v1/devices/\(deviceID)", .control, json: rename, 202),
        Probe("PATCH", "/v1/devices/{device}", at: "/v1/devices/x", .control, json: rename, 400),
        Probe("PATCH", "/v1/devices/{device}", at: "/v1/devices/\(deviceID)", .none, json: rename, 401),
        Probe("PATCH", "/v1/devices/{device}", at: "/v1/devices/\(deviceID)", .read, json: rename, 403),
        Probe("PATCH", "/v1/devices/{device}", at: "/v1/devices/\(deviceID)", .control, json: oversize, 413),
        Probe("PATCH", "/v1/devices/{device}", at: "/v1/devices/\(deviceID)", .control, json: rename, contentType: "text/plain", 415),
        Probe("DELETE", "/v1/devices/{device}", at: "/v1/devices/\(deviceID)", .control, 202),
        Probe("DELETE", "/v1/devices/{device}", at: "/v1/devices/\(apnsToken)", .control, 202),
        Probe("DELETE", "/v1/devices/{device}", at: "/v1/devices/a%20b", .control, 400),
        Probe("DELETE", "/v1/devices/{device}", at: "/v1/devices/\(apnsToken)", .none, 401),
        Probe("DELETE", "/v1/devices/{device}", at: "/v1/devices/\(apnsToken)", .read, 403),
    ]

    /// After beanstalkd is gone.
    static let queueDown: [Probe] = [
        Probe("GET", "/healthz", .none, 503),
        Probe("POST", "/v1/events/{cursor}/acknowledge", at: "/v1/events/1/acknowledge", .control, 503),
        Probe("POST", "/v1/events/by-id/{event_id}/acknowledge", at: "/v1/events/by-id/\(eventID)/acknowledge", .control, 503),
        Probe("POST", "/v1/alarms/{event_id}/ack", at: "/v1/alarms/\(eventID)/ack", .control, 503),
        Probe("POST", "/v1/commands", .control, json: command, 503),
        Probe("POST", "/v1/devices", .control, json: device, 503),
        Probe("PATCH", "/v1/devices/{device}", at: "/v1/devices/\(deviceID)", .control, json: rename, 503),
        Probe("DELETE", "/v1/devices/{device}", at: "/v1/devices/\(apnsToken)", .control, 503),
    ]

    /// After one failed authentication, with a limit of one: a wrong token (a valid one is served).
    static let throttled: [Probe] = [
        Probe("GET", "/metrics", .wrong, 429),
        Probe("GET", "/v1/status", .wrong, 429),
        Probe("GET", "/v1/events", .wrong, 429),
        Probe("GET", "/v1/whoami", .wrong, 429),
        Probe("GET", "/v1/stream", .wrong, 429),
        Probe("GET", "/v1/deliveries", .wrong, 429),
        Probe("GET", "/v1/devices", .wrong, 429),
        Probe("POST", "/v1/events/{cursor}/acknowledge", at: "/v1/events/1/acknowledge", .wrong, 429),
        Probe("POST", "/v1/events/by-id/{event_id}/acknowledge", at: "/v1/events/by-id/\(eventID)/acknowledge", .wrong, 429),
        Probe("POST", "/v1/alarms/{event_id}/ack", at: "/v1/alarms/\(eventID)/ack", .wrong, 429),
        Probe("POST", "/v1/commands", .wrong, json: command, 429),
        Probe("POST", "/v1/devices", .wrong, json: device, 429),
        Probe("PATCH", "/v1/devices/{device}", at: "/v1/devices/\(deviceID)", .wrong, json: rename, 429),
        Probe("DELETE", "/v1/devices/{device}", at: "/v1/devices/\(apnsToken)", .wrong, 429),
    ]

    private func send(_ probes: [Probe], to stage: APIStage) async throws {
        let read = try await stage.token(.read)
        let control = try await stage.token(.control)
        for probe in probes {
            let token: String? =
                switch probe.credential {
                case .none: nil
                case .read: read
                case .control: control
                case .wrong: APIToken.generate().value
                }
            if probe.streaming, let token {
                let stream = try await EventStreamReader(stage, token: token)
                #expect(stream.status == probe.status, "\(probe.operation) \(probe.path): \(stream.status)")
                continue
            }
            let method = try #require(HTTPVerb(rawValue: probe.operation.method))
            let answer = try await stage.request(
                method, probe.path, token: token, json: probe.json,
                contentType: probe.contentType, headers: probe.headers)
            #expect(answer.status == probe.status, "\(probe.operation) \(probe.path): \(answer)")
        }
    }

    @Test func everyDocumentedStatusIsWhatTheServerAnswers() async throws {
        let documented = try Self.documented()
        for probe in Self.running + Self.queueDown + Self.throttled {
            let statuses = try #require(documented[probe.operation], "\(probe.operation) is not documented")
            #expect(statuses.contains(probe.status), "\(probe.operation) answers \(probe.status), which is not documented")
        }
        var probed: [Operation: Set<Int>] = [:]
        for probe in Self.running + Self.queueDown + Self.throttled { probed[probe.operation, default: []].insert(probe.status) }
        for (operation, statuses) in documented {
            #expect(probed[operation] == statuses, "\(operation): documented \(statuses.sorted()), probed \((probed[operation] ?? []).sorted())")
        }

        try await APIStage.run(command: "  body_limit: 1024\n  auth_failure_limit: 100") { stage in
            try await stage.put(eventJSON("alarm", code: "601", sequence: 1, partition: 1, zone: 3, id: Self.eventID))
            try await waitUntil("the event to be stored") {
                try RawBeanstalkClient(stage.server).stats()["cmd-delete"] == "1"
            }
            try await send(Self.running, to: stage)
            try await stage.server.kill()
            try await send(Self.queueDown, to: stage)
        }
        try await APIStage.run(command: "  auth_failure_limit: 1") { stage in
            #expect(try await stage.request(.GET, "/v1/status", token: "hal_wrong").status == 401)
            try await send(Self.throttled, to: stage)
        }
    }
}

/// Reading the OpenAPI document's YAML nodes.
extension YAMLNode {
    /// A mapping's entries with their keys' text; empty for anything else.
    var entries: [(key: String, value: YAMLNode)] {
        guard case .mapping(let entries) = self else { return [] }
        return entries.compactMap { entry in entry.key.text.map { ($0, entry.value) } }
    }

    /// A scalar's text.
    var text: String? {
        guard case .scalar(let text, _) = self else { return nil }
        return text
    }

    /// The value of `key` in a mapping.
    subscript(key: String) -> YAMLNode? {
        entries.first { $0.key == key }?.value
    }
}
