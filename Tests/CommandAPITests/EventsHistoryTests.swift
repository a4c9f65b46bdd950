import CommandAPI
import CommandAPITestSupport
import Foundation
import TestSupport
import Testing

/// `GET /v1/events`: the stored history, paged by cursor.
@Suite("Event history")
struct EventsHistoryTests {
    private func page(_ stage: APIStage, _ query: String, _ token: String) async throws -> (cursors: [Int], next: Int, more: Bool) {
        let answer = try await stage.request(.GET, "/v1/events\(query)", token: token)
        #expect(answer.status == 200, "\(answer)")
        let json = try answer.json
        let events = try #require(json["events"] as? [[String: Any]])
        return (events.compactMap { $0["cursor"] as? Int }, try #require(json["next_after"] as? Int), try #require(json["has_more"] as? Bool))
    }

    @Test func pagesFollowTheOrderOfArrival() async throws {
        try await APIStage.run { stage in
            let token = try await stage.token(.read)
            #expect(try await page(stage, "", token) == ([], 0, false))
            for sequence in 1...5 {
                try await stage.put(eventJSON("info", code: "609", sequence: sequence, zone: sequence))
            }
            try await waitUntil("five stored events") { try await page(stage, "?after=0", token).cursors.count == 5 }
            #expect(try await page(stage, "?after=0&limit=2", token) == ([1, 2], 2, true))
            #expect(try await page(stage, "?after=2&limit=2", token) == ([3, 4], 4, true))
            #expect(try await page(stage, "?after=4&limit=2", token) == ([5], 5, false))
            #expect(try await page(stage, "?after=5&limit=2", token) == ([], 5, false))
            // Without `after`: the most recent ones, oldest first.
            #expect(try await page(stage, "?limit=2", token) == ([4, 5], 5, false))
            #expect(try await page(stage, "", token) == ([1, 2, 3, 4, 5], 5, false))
        }
    }

    @Test func eachEntryCarriesTheEventInTheEventFormat() async throws {
        try await APIStage.run { stage in
            let token = try await stage.token(.read)
            let id = UUID()
            try await stage.put(
                #"{"type":"alarm","code":"601","message":"Zone alarm: Front door","raw":"601 1001","timestamp":"1700000000","#
                    + #""id":"\#(id.uuidString)","source":"panel","sequence":42,"partition":1,"zone":1,"zone_name":"Front door"}"#)
            try await waitUntil("the event") { try await page(stage, "", token).cursors == [1] }
            let entry = try #require((try await stage.request(.GET, "/v1/events", token: token).json["events"] as? [[String: Any]])?.first)
            let event = try #require(entry["event"] as? [String: Any])
            #expect(event["type"] as? String == "alarm")
            #expect(event["code"] as? String == "601")
            #expect(event["raw"] as? String == "601 1001")
            #expect(event["timestamp"] as? Int == 1_700_000_000)
            #expect(event["id"] as? String == id.uuidString.lowercased())
            #expect(event["sequence"] as? Int == 42)
            #expect(event["zone_name"] as? String == "Front door")
            #expect(event["command_id"] == nil)
        }
    }
}
