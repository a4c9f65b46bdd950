import AlarmCore
import Foundation
import PushDelivery
import PushMocks
import Synchronization
import TestSupport
import Testing

@testable import PushConsumer

extension PushConsumerTests {
    /// A clock that reads 1 s before `fire` when first read (by the canary service, as it starts:
    /// however long the start takes on a loaded machine), and then runs on: the canary goes a
    /// second after start. (The consumer's notifications' lifetimes are measured by it too:
    /// `fire` must be within `push.lifetime` of now, or the canary is stale on arrival.)
    static func clock(aSecondBefore fire: Date) -> WallClock {
        let shift = ShiftAtFirstRead(target: fire.addingTimeInterval(-1))
        return WallClock { Date().addingTimeInterval(shift.seconds) }
    }

    /// The canary at its time, through the consumer's own queue, dispatcher and ledger: every
    /// device gets one low-priority notification though `info` is no trigger, and the consumer
    /// started again that minute puts the same day's canary again, which no device gets twice.
    @Test func theCanaryReachesEveryDeviceOnceAtLowPriorityAlsoWhenStartedAgainThatMinute() async throws {
        try await PushStage.run { stage in
            let registry = try registry(stage)
            let apple = [PushStage.apnsToken(1), PushStage.apnsToken(2)]
            for token in apple { try await registry.add(platform: .ios, token: token) }
            try await registry.add(platform: .android, token: "android-token:1")
            var configuration = try stage.configuration()
            #expect(!configuration.push.triggers.contains(.info))
            // One or two minutes ahead: the shifted clock stays within push.lifetime of the real
            // one, which the canary's job age is counted by.
            let soon = Calendar.current.dateComponents([.hour, .minute], from: Date().addingTimeInterval(120))
            let time = try #require(TimeOfDay(hour: soon.hour ?? 0, minute: soon.minute ?? 0))
            configuration.push.canary = time
            let fire = CanarySchedule(time: time).next(after: Date())

            try await withConsumer(stage, configuration: configuration, clock: Self.clock(aSecondBefore: fire)) {
                let started = ContinuousClock.now
                _ = try await stage.apns.waitForRequests(count: 2)
                _ = try await stage.fcm.waitForRequests(count: 1)
                print("[canary] every device notified \(ContinuousClock.now - started) after the start (due after 1 s)")
                try await waitUntil("the canary's job to be deleted") { try stage.stats()["cmd-delete"] == "1" }
            }
            let requests = await stage.apns.requests()
            #expect(Set(requests.map(\.deviceToken)) == Set(apple))
            for request in requests {
                #expect(request.headers["apns-priority"] == "5")
                let payload = try #require(try JSONSerialization.jsonObject(with: Data(request.body)) as? [String: Any])
                #expect(payload["code"] as? String == "canary")
                let aps = try #require(payload["aps"] as? [String: Any])
                #expect(aps["interruption-level"] as? String == "passive")
            }
            let android = try #require(await stage.fcm.requests().first)
            let message = try JSONSerialization.jsonObject(with: Data(android.body)) as? [String: Any]
            let block = (message?["message"] as? [String: Any])?["android"] as? [String: Any]
            #expect(block?["priority"] as? String == "normal")
            let canaryID = try #require(UUID(uuidString: requests[0].headers["apns-collapse-id"] ?? ""))
            let ledger = DeliveryLedger(database: try PushDatabase(path: stage.databasePath))
            #expect(try await ledger.finishedDevices(eventID: canaryID).count == 3)
            // Each device's last successful delivery (devices list, GET /v1/devices) is the canary's.
            #expect(try await registry.list().allSatisfy { $0.lastSuccessAt != nil })

            // Started again before that minute is over: the same day's canary is put again, and
            // the ledger knows every device has it.
            try await withConsumer(stage, configuration: configuration, clock: Self.clock(aSecondBefore: fire)) {
                // Only the canaries' jobs are deleted (nobody takes the reports here).
                try await waitUntil("a second canary to be put and handled") { try stage.stats()["cmd-delete"] == "2" }
            }
            #expect(await stage.apns.requests().count == 2)
            #expect(await stage.fcm.requests().count == 1)
            #expect(try stage.stats()["current-jobs-buried"] == "0")
        }
    }
}

/// The shift from the real clock to `target`, fixed when first asked.
private final class ShiftAtFirstRead: Sendable {
    private let target: Date
    private let fixed = Mutex<TimeInterval?>(nil)

    init(target: Date) {
        self.target = target
    }

    var seconds: TimeInterval {
        fixed.withLock { fixed in
            let seconds = fixed ?? target.timeIntervalSinceNow
            fixed = seconds
            return seconds
        }
    }
}
