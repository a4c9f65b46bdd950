import AlarmCore
import EnvisalinkSimulator
import Foundation
import TestSupport
import Testing

/// Who disarmed (the configured user name, never a code) and which zones alarmed, in the events
/// whose messages become the push texts.
@Suite("Integrator who and which")
struct WhoAndWhichTests {
    @Test func anAlarmNamesItsZonesAndTheDisarmNamesTheUser() async throws {
        try await IntegratorHarness.run(configure: { $0.envisalink?.users = [7: "Anna"] }) { harness in
            try await harness.waitForLogin()
            try await harness.send(#"{"code":"arm"}"#)
            _ = try await harness.events(until: "armed") { $0.type == .armed }
            #expect(await harness.panel.control("alarm 1").hasPrefix("ok"))
            let alarm = try await harness.events(until: "the partition in alarm") { $0.code == "654" }
            let zoneAlarm = try #require(alarm.first { $0.code == "601" })
            #expect(zoneAlarm.message == "Zone alarm: Front door" && zoneAlarm.zone == 1)
            let partitionAlarm = try #require(alarm.last)
            #expect(partitionAlarm.message == "Partition 1 in alarm: Front door")
            #expect(partitionAlarm.zone == 1 && partitionAlarm.zoneName == "Front door")

            try await harness.send(#"{"code":"disarm","access_code":"\#(IntegratorHarness.userCode)"}"#)
            let disarming = try await harness.events(until: "disarmed") { $0.type == .disarmed }
            let opening = try #require(disarming.first { $0.code == "750" })
            #expect(opening.user == 7 && opening.userName == "Anna")
            #expect(opening.message == "Partition 1 disarmed by Anna (user 7)")
            let disarmed = try #require(disarming.last)
            #expect(disarmed.user == 7 && disarmed.userName == "Anna")
            #expect(disarmed.message == "Partition 1 disarmed by Anna (user 7)")
        }
    }

    @Test func aDisarmByAnUnnamedUserGivesTheNumber() async throws {
        try await IntegratorHarness.run { harness in
            try await harness.waitForLogin()
            try await harness.send(#"{"code":"arm"}"#)
            _ = try await harness.events(until: "armed") { $0.type == .armed }
            try await harness.send("disarm")
            let disarmed = try #require(try await harness.events(until: "disarmed") { $0.type == .disarmed }.last)
            #expect(disarmed.user == 40 && disarmed.userName == nil)
            #expect(disarmed.message == "Partition 1 disarmed by user 40")
        }
    }
}
