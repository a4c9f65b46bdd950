import AlarmCore
import CommandAPITestSupport
import Foundation
import TestSupport
import Testing

@testable import CommandAPI

/// `GET /v1/status`: derived from events put on the real command tube and consumed.
@Suite("Status")
struct StatusTests {
    /// A morning at the panel: armed, a door opens, power fails, the link drops and returns.
    static let morning = [
        eventJSON("armed", code: "652", sequence: 1, partition: 1, message: "Partition 1 armed (away)"),
        eventJSON("info", code: "609", sequence: 2, partition: 1, zone: 3, message: "Zone open: Back door"),
        eventJSON("alarm", code: "601", sequence: 3, partition: 1, zone: 3, message: "Zone alarm: Back door"),
        eventJSON("fault", code: "802", sequence: 4, message: "AC power lost"),
        eventJSON("info", code: "609", sequence: 5, partition: 2, zone: 7, message: "Zone open: Garage"),
        eventJSON("info", code: "610", sequence: 6, partition: 1, zone: 3, message: "Zone closed: Back door"),
        eventJSON("fault", code: "link", sequence: 7, message: "Panel link lost: connection refused"),
        eventJSON("recovery", code: "link", sequence: 8, message: "Panel link restored", timestamp: 1_700_000_500),
    ]

    private func status(_ stage: APIStage, _ token: String) async throws -> [String: Any] {
        let answer = try await stage.request(.GET, "/v1/status", token: token)
        #expect(answer.status == 200)
        return try answer.json
    }

    private func lastCursor(_ status: [String: Any]) -> Int? {
        (status["last_event"] as? [String: Any])?["cursor"] as? Int
    }

    @Test func anEmptyHistoryKnowsNothing() async throws {
        try await APIStage.run { stage in
            let empty = try await status(stage, try await stage.token(.read))
            #expect((empty["partitions"] as? [Any])?.isEmpty == true)
            #expect((empty["open_zones"] as? [Any])?.isEmpty == true)
            #expect((empty["bypassed_zones"] as? [Any])?.isEmpty == true)
            #expect((empty["troubles"] as? [Any])?.isEmpty == true)
            #expect((empty["panel_link"] as? [String: Any])?["state"] as? String == "unknown")
            #expect(empty["last_event"] is NSNull)
        }
    }

    @Test func bypassedZonesFollowTheLastBypassReport() async throws {
        try await APIStage.run { stage in
            let token = try await stage.token(.read)
            try await stage.put(
                #"{"type":"info","code":"610","message":"Zone closed: Upstairs motion","raw":"610 005","timestamp":1700000000,"source":"panel","sequence":1,"zone":5,"zone_name":"Upstairs motion"}"#)
            try await stage.put(
                #"{"type":"info","code":"616","message":"Bypassed zones: Upstairs motion, zone 009","raw":"616 1001000000000000","timestamp":1700000100,"source":"panel","sequence":2}"#)
            try await waitUntil("both events consumed") { lastCursor(try await status(stage, token)) == 2 }
            let zones = try #require(try await status(stage, token)["bypassed_zones"] as? [[String: Any]])
            #expect(zones.map { $0["zone"] as? Int } == [5, 9])
            #expect(zones.first?["name"] as? String == "Upstairs motion" && zones.first?["since"] as? Int == 1_700_000_100)
            #expect(zones.last?["name"] == nil)
        }
    }

    @Test func theStateFollowsTheConsumedEvents() async throws {
        try await APIStage.run { stage in
            let token = try await stage.token(.read)
            for event in Self.morning { try await stage.put(event) }
            try await waitUntil("every event to be consumed") { lastCursor(try await status(stage, token)) == 8 }
            let current = try await status(stage, token)
            let partitions = try #require(current["partitions"] as? [[String: Any]])
            #expect(partitions.map { $0["partition"] as? Int } == [1, 2])
            #expect(partitions[0]["state"] as? String == "alarm")
            #expect(partitions[0]["message"] as? String == "Zone alarm: Back door")
            #expect(partitions[1]["state"] as? String == "unknown")
            let zones = try #require(current["open_zones"] as? [[String: Any]])
            #expect(zones.map { $0["zone"] as? Int } == [7])
            #expect(zones.first?["partition"] as? Int == 2)
            let troubles = try #require(current["troubles"] as? [[String: Any]])
            #expect(troubles.map { $0["code"] as? String } == ["802"])
            #expect(troubles.first?["message"] as? String == "AC power lost")
            #expect(troubles.first?["name"] as? String == "ac_power" && troubles.first?["title"] as? String == "AC power")
            let link = try #require(current["panel_link"] as? [String: Any])
            #expect(link["state"] as? String == "up")
            #expect(link["since"] as? Int == 1_700_000_500)
            let last = try #require((current["last_event"] as? [String: Any])?["event"] as? [String: Any])
            #expect(last["code"] as? String == "link")
            #expect(last["sequence"] as? Int == 8)
        }
    }

    @Test func whoDisarmedAndTheAlarmMemoryLastUntilTheNextArming() async throws {
        try await APIStage.run { stage in
            let token = try await stage.token(.read)
            let opening = #"{"type":"info","code":"750","message":"Partition 1 disarmed by Anna (user 40)","timestamp":1700000100,"#
                + #""id":"\#(UUID().uuidString.lowercased())","source":"panel","sequence":4,"partition":1,"user":40,"user_name":"Anna"}"#
            for event in [Self.morning[0], Self.morning[1], Self.morning[2], opening,
                          eventJSON("disarmed", code: "655", sequence: 5, partition: 1, message: "Partition 1 disarmed by Anna (user 40)")] {
                try await stage.put(event)
            }
            try await waitUntil("every event to be consumed") { lastCursor(try await status(stage, token)) == 5 }
            let partition = try #require((try await status(stage, token)["partitions"] as? [[String: Any]])?.first)
            let changedBy = try #require(partition["changed_by"] as? [String: Any])
            #expect(changedBy["user"] as? Int == 40 && changedBy["name"] as? String == "Anna")
            #expect(changedBy["action"] as? String == "disarmed" && changedBy["since"] as? Int == 1_700_000_100)
            let memory = try #require(partition["alarm_memory"] as? [[String: Any]])
            #expect(memory.map { $0["zone"] as? Int } == [3], "kept after the partition was disarmed")

            try await stage.put(eventJSON("info", code: "656", sequence: 6, partition: 1, message: "Partition 1 exit delay in progress"))
            try await waitUntil("the arming to be consumed") { lastCursor(try await status(stage, token)) == 6 }
            let armed = try #require((try await status(stage, token)["partitions"] as? [[String: Any]])?.first)
            #expect((armed["alarm_memory"] as? [Any])?.isEmpty == true, "the next arming clears it")
        }
    }

    @Test func theChimeAndTheKeypadOfEachPartition() async throws {
        try await APIStage.run { stage in
            let token = try await stage.token(.read)
            for event in [
                eventJSON("info", code: "663", sequence: 1, partition: 1, message: "Partition 1 chime on"),
                #"{"type":"info","code":"510","message":"Keypad LEDs: ready, memory, backlight","raw":"510 85","timestamp":1700000000,"source":"panel","sequence":2}"#,
                eventJSON("info", code: "656", sequence: 3, partition: 2, message: "Partition 2 exit delay in progress"),
                eventJSON("fault", code: "840", sequence: 4, partition: 2, message: "Partition 2 trouble LED on"),
            ] {
                try await stage.put(event)
            }
            try await waitUntil("every event to be consumed") { lastCursor(try await status(stage, token)) == 4 }
            let partitions = try #require(try await status(stage, token)["partitions"] as? [[String: Any]])
            try #require(partitions.count == 2)
            let chime = try #require(partitions[0]["chime"] as? [String: Any])
            #expect(chime["on"] as? Bool == true && chime["since"] as? Int == 1_700_000_000)
            #expect(partitions[1]["chime"] == nil, "unknown before a 663 or 664")
            let panel = try #require(partitions[0]["keypad"] as? [String: Any])
            #expect(panel["leds"] as? [String] == ["ready", "memory", "backlight"] && panel["flashing"] as? [String] == [])
            #expect(panel["leds_source"] as? String == "panel" && panel["sounding"] as? String == "none")
            let derived = try #require(partitions[1]["keypad"] as? [String: Any])
            #expect(derived["leds"] as? [String] == ["armed", "trouble"] && derived["leds_source"] as? String == "derived")
            #expect(derived["sounding"] as? String == "exit_delay", "the exit delay's beeps before the trouble beeps")

            try await stage.put(eventJSON("disarmed", code: "655", sequence: 5, partition: 2, message: "Partition 2 disarmed"))
            try await waitUntil("the disarm to be consumed") { lastCursor(try await status(stage, token)) == 5 }
            let disarmed = try #require((try await status(stage, token)["partitions"] as? [[String: Any]])?.last?["keypad"] as? [String: Any])
            #expect(disarmed["leds"] as? [String] == ["trouble"] && disarmed["sounding"] as? String == "trouble")
        }
    }

    @Test func aRepeatedEventIsStoredOnceAndALateOneDoesNotRollBack() async throws {
        try await APIStage.run { stage in
            let token = try await stage.token(.read)
            let armedID = UUID()
            let armed = eventJSON("armed", code: "652", sequence: 10, partition: 1, id: armedID)
            try await stage.put(armed)
            try await stage.put(eventJSON("disarmed", code: "655", sequence: 11, partition: 1))
            try await stage.put(armed)  // the same event again: ignored by id
            // An older event with a new id (a producer that re-stamped it): ignored by sequence.
            try await stage.put(eventJSON("armed", code: "652", sequence: 9, partition: 1))
            try await waitUntil("the four jobs to be handled") {
                try RawBeanstalkClient(stage.server).stats()["cmd-delete"] == "4"
            }
            let current = try await status(stage, token)
            // Three stored: the repeat was not; the older one was, but changed nothing.
            #expect(lastCursor(current) == 3)
            let partitions = try #require(current["partitions"] as? [[String: Any]])
            #expect(partitions.first?["state"] as? String == "disarmed")
        }
    }

    @Test func theStateAndHistorySurviveARestart() async throws {
        try await withTemporaryDirectory { directory in
            try await withBeanstalkd { server in
                let configuration = try HowAlarmingConfig.parse(
                    yaml: APIStage.configurationText(port: server.port, directory: directory), path: nil, environment: [:])
                let first = try await APIStage.serve(configuration, server: server, directory: directory) { stage in
                    let token = try await stage.token(.read)
                    for event in Self.morning { try await stage.put(event) }
                    try await waitUntil("every event to be consumed") { lastCursor(try await status(stage, token)) == 8 }
                    return (token, try await stage.request(.GET, "/v1/status", token: token).json)
                }
                try await APIStage.serve(configuration, server: server, directory: directory) { stage in
                    // Everything but the daemons, which this API sees anew when it starts.
                    var after = try await stage.request(.GET, "/v1/status", token: first.0).json
                    var before = first.1
                    #expect(after.removeValue(forKey: "daemons") != nil && before.removeValue(forKey: "daemons") != nil)
                    #expect(NSDictionary(dictionary: after) == NSDictionary(dictionary: before))
                    let events = try await stage.request(.GET, "/v1/events?after=0", token: first.0).json
                    #expect((events["events"] as? [Any])?.count == 8)
                }
            }
        }
    }
}
