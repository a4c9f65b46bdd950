import AlarmCore
import Foundation
import PushDelivery
import PushMocks
import TestSupport
import Testing

/// The answer to an API command goes to the phones of the token that sent it, registered through
/// the registration tube with their owner; alarms go to every phone.
extension PushConsumerTests {
    static let annasPhone = PushStage.apnsToken(1)
    static let bensPhone = "android-token:ben"

    /// An arming failure's `fault`, answering a command that the API token `asker` sent.
    static func armingFailure(asker: String) -> String {
        """
        {"type":"fault","code":"502","message":"Arm away failed: not ready to arm (panel error 024) — Back door, Garage open",\
        "raw":"502 024","timestamp":1700000000,"id":"\(UUID().uuidString.lowercased())","source":"howalarming-envisalink",\
        "sequence":2,"partition":1,"command_id":"\(UUID().uuidString.lowercased())",\
        "command_source":"howalarming-command:\(asker)"}
        """
    }

    /// Registers Anna's iPhone and Ben's Android phone through the registration tube, as the API does.
    func registerAnnaAndBen(_ stage: PushStage) async throws {
        try await stage.put(
            #"{"type":"register","platform":"ios","token":"\#(Self.annasPhone)","owner":"anna"}"#, on: "push-registrations")
        try await stage.put(
            #"{"type":"register","platform":"android","token":"\#(Self.bensPhone)","owner":"ben"}"#, on: "push-registrations")
        let registry = try registry(stage)
        try await waitUntil("both registrations") { try await registry.list().count == 2 }
        #expect(Set(try await registry.list().compactMap(\.owner)) == ["anna", "ben"])
    }

    /// The `type` of each notification the mock APNs server got, in order.
    func apnsTypes(_ stage: PushStage) async throws -> [String] {
        try await stage.apns.requests().map { request in
            let payload = try JSONSerialization.jsonObject(with: Data(request.body)) as? [String: Any]
            return try #require(payload?["type"] as? String)
        }
    }

    @Test func theDevicesListShowsWhoRegisteredEachDevice() async throws {
        try await PushStage.run { stage in
            try await withConsumer(stage) { try await registerAnnaAndBen(stage) }
            let push = try Executables.path("howalarming-push")
            let list = try await ProcessRunner.run(push, arguments: ["devices", "list", "--config", stage.configPath])
            let lines = list.stdout.split(separator: "\n")
            #expect(lines.contains { $0.contains(Self.annasPhone) && $0.hasSuffix("\tanna") }, "\(list.stdout)")
            #expect(lines.contains { $0.contains(Self.bensPhone) && $0.hasSuffix("\tben") }, "\(list.stdout)")
        }
    }

    @Test func anArmingFailureReachesOnlyTheAskersPhoneAndAnAlarmBothPhones() async throws {
        try await PushStage.run { stage in
            try await withConsumer(stage) {
                try await registerAnnaAndBen(stage)
                try await stage.put(Self.armingFailure(asker: "anna"))
                try await stage.put(PushStage.alarm())
                _ = try await stage.apns.waitForRequests(count: 2)
                _ = try await stage.fcm.waitForRequests(count: 1)
                try await waitUntil("both events to be acknowledged") { try stage.stats(tube: "push")["cmd-delete"] == "2" }
            }
            #expect(try await apnsTypes(stage) == ["fault", "alarm"])
            let google = await stage.fcm.requests()
            #expect(google.count == 1)
            let alarm = try #require(google.first)
            #expect(alarm.deviceToken == Self.bensPhone)
            let body = String(decoding: alarm.body, as: UTF8.self)
            #expect(body.contains("Zone alarm"))
        }
    }

    @Test func anArmingFailureOfATokenWithoutAPhoneReachesEveryPhone() async throws {
        try await PushStage.run { stage in
            try await withConsumer(stage) {
                try await registerAnnaAndBen(stage)
                try await stage.put(Self.armingFailure(asker: "carol"))
                _ = try await stage.apns.waitForRequests(count: 1)
                _ = try await stage.fcm.waitForRequests(count: 1)
                try await waitUntil("the event to be acknowledged") { try stage.stats(tube: "push")["cmd-delete"] == "1" }
            }
            #expect(try await apnsTypes(stage) == ["fault"])
            #expect(await stage.fcm.requests().map(\.deviceToken) == [Self.bensPhone])
        }
    }
}
