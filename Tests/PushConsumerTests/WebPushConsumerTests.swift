import AlarmCore
import Foundation
import PushDelivery
import PushMocks
import TestSupport
import Testing

/// Web Push in the push consumer: browsers registered through the queue get alarms, every
/// outcome and registry change is reported on the report tube, and a web registration without
/// Web Push configured is refused, not silently kept.
extension PushConsumerTests {
    @Test func aBrowserRegisteredThroughTheQueueGetsTheAlarmAndEveryStepIsReported() async throws {
        try await PushStage.run { stage in
            let browser = TestBrowser()
            let endpoint = stage.providers.webPush.endpoint("browser-1")
            let deviceID = try DeviceToken(endpoint, provider: .webPush).deviceID.description
            let eventID = UUID()
            try await withConsumer(stage) {
                let registration = #"{"type":"register","platform":"web","subscription":\#(browser.subscriptionJSON(endpoint: endpoint)),"name":"Hall tablet"}"#
                try await stage.put(registration, on: "push-registrations")
                try await waitUntil("the registration") { try await registry(stage).list().count == 1 }
                try await stage.put(PushStage.alarm(id: eventID))
                let request = try #require(try await stage.providers.webPush.waitForRequests(count: 1).first)
                #expect(request.replyStatus == 201, "\(request.refusal ?? "")")
                #expect(request.headers["urgency"] == "high")
                try await waitUntil("the job to be deleted") { try stage.stats(tube: "push")["cmd-delete"] == "1" }
                try await waitUntil("the delivery report") { try stage.readyReports() >= 3 }
            }
            let reports = try stage.takeReports()
            let devices = reports.filter { $0["type"] as? String == "devices" }
            // At start (no device), then after the registration and after the delivery: the two
            // in one list when they come within the reports' second of spacing, else in two.
            #expect((2...3).contains(devices.count), "\(reports)")
            #expect((devices.first?["devices"] as? [[String: Any]])?.isEmpty == true, "\(reports)")
            #expect(devices.first?["vapid_public_key"] as? String == stage.providers.vapidPublicKey)
            let listed = try #require((devices.last?["devices"] as? [[String: Any]])?.first)
            #expect(listed["device"] as? String == deviceID)
            #expect(listed["platform"] as? String == "web")
            #expect(listed["name"] as? String == "Hall tablet")
            let delivered = try #require(listed["last_success_at"] as? Int, "the last delivery's time")
            let delivery = try #require(reports.first { $0["type"] as? String == "delivery" })
            #expect(delivery["event_id"] as? String == eventID.uuidString.lowercased())
            #expect(delivery["event_type"] as? String == "alarm")
            #expect(delivery["device"] as? String == deviceID)
            #expect(delivery["status"] as? String == "delivered")
            #expect(delivery["attempts"] as? Int == 1)
            #expect((delivery["time"] as? Int).map { $0 > 1_700_000_000_000 } == true)
            #expect(delivery["time"] as? Int == delivered)
            let text = reports.map { "\($0)" }.joined()
            #expect(!text.contains("browser-1") && !text.contains(browser.auth), "a report shows the endpoint or a key")
        }
    }

    @Test func aWebRegistrationWithoutWebPushIsBuriedWithTheReason() async throws {
        try await PushStage.run { stage in
            let text = stage.configurationText().replacingOccurrences(of: MockPushProviders.webPushSectionYAML(), with: "")
            #expect(!text.contains("web_push"))
            let configuration = try HowAlarmingConfig.parse(yaml: text, path: stage.configPath, environment: [:])
            let endpoint = stage.providers.webPush.endpoint("browser-2")
            try await withConsumer(stage, configuration: configuration) {
                let registration = #"{"type":"register","platform":"web","subscription":\#(TestBrowser().subscriptionJSON(endpoint: endpoint))}"#
                try await stage.put(registration, on: "push-registrations")
                try await waitUntil("the registration to be buried") {
                    try stage.stats(tube: "push-registrations")["current-jobs-buried"] == "1"
                }
            }
            #expect(try await registry(stage).list().isEmpty)
        }
    }

    @Test func goneBrowsersArePrunedAndTheNewListIsReported() async throws {
        try await PushStage.run { stage in
            let registry = try registry(stage)
            for name in ["stays", "gone"] {
                let browser = TestBrowser()
                try await registry.add(
                    platform: .web, token: stage.providers.webPush.endpoint(name),
                    webPushKeys: WebPushKeys(p256dh: browser.p256dh, auth: browser.auth))
            }
            stage.providers.webPush.script("gone", [.error(status: 410)])
            try await withConsumer(stage) {
                try await stage.put(PushStage.alarm())
                try await waitUntil("the job to be deleted") { try stage.stats(tube: "push")["cmd-delete"] == "1" }
                try await waitUntil("four reports") { try stage.readyReports() >= 4 }
            }
            #expect(try await registry.list().map(\.token.value) == [stage.providers.webPush.endpoint("stays")])
            let reports = try stage.takeReports()
            let statuses = reports.compactMap { $0["type"] as? String == "delivery" ? $0["status"] as? String : nil }
            #expect(statuses.sorted() == ["delivered", "pruned"])
            // Each change of the registry is reported, joined with the changes of the next second:
            // the prune and the delivery's last success may come in one list or two (under load).
            let counts = reports.compactMap { $0["type"] as? String == "devices" ? ($0["devices"] as? [[String: Any]])?.count : nil }
            #expect(counts.first == 2 && counts.last == 1, "\(reports)")
            #expect(counts.drop { $0 == 2 }.allSatisfy { $0 == 1 }, "once pruned, the gone browser never comes back: \(counts)")
        }
    }
}
