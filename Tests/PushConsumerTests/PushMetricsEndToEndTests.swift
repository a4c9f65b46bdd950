import AlarmCore
import Foundation
import PushMocks
import TestSupport
import Testing

/// `howalarming-push`'s `/healthz` and `/metrics` as built, with `push.metrics` configured,
/// against the mock APNs: the replies it counted, the devices and ledger rows it counts, and the
/// jobs it consumed, and never a token in a label.
@Suite("Push consumer metrics end to end")
struct PushMetricsEndToEndTests {
    /// The stage's configuration with the metrics served on `port`.
    static func configuration(_ stage: PushStage, metricsPort port: Int) -> String {
        """
        beanstalkd:
          host: 127.0.0.1
          port: \(stage.server.port)
          tubes: {commands: [commands], events: [push]}
        push:
          database: \(stage.databasePath)
          concurrency: 50
          request_timeout: 5
          metrics: '127.0.0.1:\(port)'
        \(stage.providers.pushSectionYAML)
        """
    }

    /// The `/metrics` text once it contains every one of `lines`.
    static func awaitMetrics(port: Int, containing lines: [String], timeout: Duration = .seconds(20)) async throws -> String {
        var body = ""
        try await waitUntil("/metrics to show \(lines)", timeout: timeout) {
            body = (try? RawHTTP.request("/metrics", port: port).body) ?? ""
            return lines.allSatisfy(body.contains)
        }
        return body
    }

    @Test func anAlarmToTwoIPhonesOneUnregisteredIsCountedAndPrunedWithoutATokenInALabel() async throws {
        try await PushStage.run { stage in
            let kept = PushStage.apnsToken(0x51)
            let unregistered = PushStage.apnsToken(0x52)
            try await PushPathEndToEndTests.register(stage, .ios, kept, name: "Kept phone")
            try await PushPathEndToEndTests.register(stage, .ios, unregistered, name: "Old phone")
            stage.apns.script(token: unregistered, [.error(status: 410, reason: "Unregistered")])
            let port = try RawHTTP.freePort()
            try Self.configuration(stage, metricsPort: port).write(toFile: stage.configPath, atomically: true, encoding: .utf8)
            let consumer = try ProcessRunner.start(try Executables.path("howalarming-push"), arguments: ["--config", stage.configPath])
            try await running({
                try await waitUntil("/healthz to answer 200") { (try? RawHTTP.request("/healthz", port: port).status) == 200 }
                #expect(try RawHTTP.request("/healthz", port: port).body == #"{"status":"ok"}"#)
                _ = try await Self.awaitMetrics(port: port, containing: ["howalarming_push_devices 2.0\n", "howalarming_push_ledger_rows 0.0\n"])

                try await stage.put(PushStage.alarm())
                let counted = try await Self.awaitMetrics(port: port, containing: [
                    #"howalarming_push_provider_replies_total{provider="apns",status="delivered",reason=""} 1"#,
                    #"howalarming_push_provider_replies_total{provider="apns",status="pruned",reason="Unregistered"} 1"#,
                    #"howalarming_consumer_jobs_total{tube="push",type="alarm",outcome="handled"} 1"#,
                ])
                #expect(try await stage.apns.waitForRequests(count: 2).count == 2)

                // The sizes are counted every 30 s: the pruned phone is gone at the next count.
                let recounted = try await Self.awaitMetrics(
                    port: port, containing: ["howalarming_push_devices 1.0\n"], timeout: .seconds(45))
                let ledgerRows = recounted.split(separator: "\n").first { $0.hasPrefix("howalarming_push_ledger_rows ") }
                let rows = try #require(ledgerRows.flatMap { Double($0.split(separator: " ")[1]) })
                #expect(rows >= 1, "the delivery to the kept phone is in the ledger: \(recounted)")
                for text in [counted, recounted] {
                    #expect(!text.contains(kept) && !text.contains(unregistered), "no token in /metrics")
                }

                consumer.signal(SIGTERM)
                #expect(try await consumer.waitForExit(timeout: .seconds(15)) == .exited(0))
            }, then: {
                consumer.kill()
            })
        }
    }
}
