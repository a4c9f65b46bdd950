import AlarmCore
import Beanstalk
import CommandAPITestSupport
import Foundation
import TestSupport
import Testing

@testable import CommandAPI

/// Whether each daemon runs: `GET /v1/status` and the stream's `daemons` frames, from whether
/// something watches each tube on a real beanstalkd.
@Suite("Daemons")
struct DaemonsTests {
    /// `(name, tube, state)` of each daemon in a status document or a `daemons` frame.
    static func daemons(in json: String?) throws -> [[String]] {
        let object = try #require(try JSONSerialization.jsonObject(with: Data((json ?? "").utf8)) as? [String: Any])
        let daemons = try #require(object["daemons"] as? [[String: Any]])
        return daemons.map { [$0["name"] as? String ?? "", $0["tube"] as? String ?? "", $0["state"] as? String ?? ""] }
    }

    /// The next frame, which must be a `daemons` frame: its daemons.
    static func daemonsFrame(_ stream: EventStreamReader) async throws -> [[String]] {
        let frames = try await stream.frames { $0.event == "daemons" }
        #expect(frames.count == 1, "\(frames)")
        return try daemons(in: frames.last?.data)
    }

    /// The API with events for itself, the push and log consumers, the MQTT bridge and a script's tube `sms`.
    static func run(_ body: (APIStage) async throws -> Void) async throws {
        try await withTemporaryDirectory { directory in
            try await withBeanstalkd { server in
                let text = """
                    beanstalkd:
                      host: 127.0.0.1
                      port: \(server.port)
                      tubes: {commands: [commands], events: [command, push, log, mqtt, sms]}
                    mqtt: {}
                    command:
                      database: \(directory.appending("command.sqlite"))
                    """
                let configuration = try HowAlarmingConfig.parse(yaml: text, path: directory.appending("config.yaml"), environment: [:])
                try await APIStage.serve(configuration, server: server, directory: directory, stream: StreamTests.quick, body)
            }
        }
    }

    @Test func theStatusAndTheStreamSayWhichDaemonsTakeJobsFromTheirTubes() async throws {
        try await Self.run { stage in
            let token = try await stage.token(.read)
            let status = try await stage.request(.GET, "/v1/status", token: token)
            #expect(try Self.daemons(in: status.body) == [
                ["howalarming-envisalink", "commands", "stopped"], ["howalarming-push", "push", "stopped"],
                ["howalarming-log", "log", "stopped"], ["howalarming-mqtt", "mqtt", "stopped"], ["consumer of sms", "sms", "stopped"],
            ])
            let stream = try await EventStreamReader(stage, token: token)
            _ = try await stream.frames { $0.event == "status" }

            let push = try await BeanstalkConnection.connect(to: .tcp(host: "127.0.0.1", port: stage.server.port))
            try await push.watch(try TubeName("push"))
            #expect(try await Self.daemonsFrame(stream).map { $0[2] } == ["stopped", "running", "stopped", "stopped", "stopped"])
            #expect(try Self.daemons(in: try await stage.request(.GET, "/v1/status", token: token).body)[1][2] == "running")

            await push.close()
            #expect(try await Self.daemonsFrame(stream).map { $0[2] } == ["stopped", "stopped", "stopped", "stopped", "stopped"])
        }
    }

    @Test func withoutBeanstalkdNoDaemonIsShownAsRunningOrStopped() async throws {
        try await Self.run { stage in
            let token = try await stage.token(.read)
            let stream = try await EventStreamReader(stage, token: token)
            _ = try await stream.frames { $0.event == "status" }
            try await stage.server.kill()
            #expect(try await Self.daemonsFrame(stream).map { $0[2] } == ["unknown", "unknown", "unknown", "unknown", "unknown"])
        }
    }
}
