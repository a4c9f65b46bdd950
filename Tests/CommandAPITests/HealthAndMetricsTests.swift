import CommandAPI
import CommandAPITestSupport
import Foundation
import TestSupport
import Testing

/// `GET /healthz` and `GET /metrics`.
@Suite("Health and metrics")
struct HealthAndMetricsTests {
    @Test func healthSaysWhetherBeanstalkdAnswers() async throws {
        try await APIStage.run { stage in
            let up = try await stage.request(.GET, "/healthz")
            #expect(up.status == 200)
            #expect(up.body == #"{"beanstalkd":"up","status":"ok"}"#)
            try await stage.server.kill()
            let down = try await stage.request(.GET, "/healthz")
            #expect(down.status == 503)
            #expect(down.body == #"{"beanstalkd":"down","status":"unavailable"}"#)
            try await stage.server.restart()
            try await waitUntil("beanstalkd to be reachable again") { try await stage.request(.GET, "/healthz").status == 200 }
        }
    }

    @Test func metricsCountEventsCommandsAndFailures() async throws {
        try await APIStage.run { stage in
            let token = try await stage.token(.control)
            let now = Int(Date().timeIntervalSince1970)
            try await stage.put(eventJSON("info", code: "609", sequence: 1, zone: 1, timestamp: now - 5))
            try await waitUntil("the event") {
                (try await stage.request(.GET, "/v1/events", token: token).json["events"] as? [Any])?.count == 1
            }
            #expect(try await stage.request(.POST, "/v1/commands", token: token, json: #"{"command":"arm"}"#).status == 202)
            #expect(try await stage.request(.GET, "/v1/status", token: "hal_wrong").status == 401)

            let answer = try await stage.request(.GET, "/metrics", token: token)
            #expect(answer.status == 200)
            #expect(answer.headers["content-type"] == "text/plain; version=0.0.4; charset=utf-8")
            let lines = Set(answer.body.split(separator: "\n").map(String.init))
            for line in [
                #"howalarming_command_events_consumed_total{outcome="stored"} 1"#,
                #"howalarming_command_events_consumed_total{outcome="duplicate"} 0"#,
                #"howalarming_command_commands_sent_total{command="arm"} 1"#,
                #"howalarming_command_commands_sent_total{command="disarm"} 0"#,
                "howalarming_command_auth_failures_total 1",
                "howalarming_command_queue_latency_seconds_count 1",
                "howalarming_command_last_event_timestamp_seconds \(now - 5).0",
            ] {
                #expect(lines.contains(line), "no \(line) in\n\(answer.body)")
            }
            // The latency (5 s, more on a busy machine) is above the 2 s bucket.
            #expect(lines.contains(#"howalarming_command_queue_latency_seconds_bucket{le="2.0"} 0"#), "\(answer.body)")
            #expect(lines.contains(#"howalarming_command_queue_latency_seconds_bucket{le="3600.0"} 1"#), "\(answer.body)")
            #expect(!answer.body.contains(token))
        }
    }
}
