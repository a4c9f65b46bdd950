import AlarmCore
import CommandAPITestSupport
import Foundation
import Testing

@testable import CommandAPI
import TestSupport

/// `POST /v1/commands`: what reaches the command tube, and the audit.
@Suite("Commands")
struct CommandsTests {
    @Test func aCommandGoesOnTheCommandTubeWithTheCallerAndItsID() async throws {
        try await APIStage.run { stage in
            let token = try await stage.token(.control, name: "anna-phone")
            let before = Int64(Date().timeIntervalSince1970)
            let answer = try await stage.request(
                .POST, "/v1/commands", token: token, json: #"{"command":"ARM_STAY","partition":2,"message":"Night"}"#)
            #expect(answer.status == 202, "\(answer)")
            let idText = try answer.json["id"] as? String
            let id = try #require(idText.flatMap(UUID.init(uuidString:)))
            let job = try #require(try stage.take(from: "commands"))
            let command = try AlarmCommand.decode(job: job)
            #expect(command.action == .simple(.armStay))
            #expect(command.partition == 2)
            #expect(command.message == "Night")
            #expect(command.id == id)
            #expect(command.source == "howalarming-command:anna-phone")
            #expect((before...before + 60).contains(command.timestamp ?? 0))
            #expect(try stage.take(from: "commands") == nil)

            let audit = try await CommandAudit(database: CommandDatabase(path: stage.databasePath)).entries()
            #expect(audit.count == 1)
            #expect(audit.first?.commandID == id)
            #expect(audit.first?.tokenName == "anna-phone")
            #expect(audit.first?.command == .armStay)
            #expect(audit.first?.partition == 2)
            #expect(audit.first?.address == "127.0.0.1")
        }
    }

    @Test func everyCommandTubeGetsACopyAndEachRequestANewID() async throws {
        try await APIStage.run { stage in
            let token = try await stage.token(.control)
            var ids: Set<String> = []
            for _ in 0..<3 {
                let answer = try await stage.request(.POST, "/v1/commands", token: token, json: #"{"command":"status"}"#)
                ids.insert(try #require(try answer.json["id"] as? String))
            }
            #expect(ids.count == 3)
            for _ in 0..<3 { #expect(try stage.take(from: "commands") != nil) }
        }
    }

    @Test func aDisarmCarriesTheAccessCodeTypedForItAndNothingElseKeepsIt() async throws {
        try await APIStage.run { stage in
            let token = try await stage.token(.control)
            let answer = try await stage.request(
                .POST, "/v1/commands", token: token, json: #"{"command":"disarm","partition":1,"access_code":"730916"}"#)
            #expect(answer.status == 202, "\(answer)")
            let command = try AlarmCommand.decode(job: try #require(try stage.take(from: "commands")))
            #expect(command.action == .simple(.disarm))
            #expect(command.accessCode?.value == "730916")
            let database = try Data(contentsOf: URL(fileURLWithPath: stage.databasePath))
            #expect(database.range(of: Data("730916".utf8)) == nil, "the access code was stored")
        }
    }

    @Test func aBypassCarriesItsZonesOrProfileAndNeedsAControlToken() async throws {
        try await APIStage.run { stage in
            let token = try await stage.token(.control, name: "anna-phone")
            let zones = try await stage.request(.POST, "/v1/commands", token: token, json: #"{"command":"bypass","zones":[5,6]}"#)
            #expect(zones.status == 202, "\(zones)")
            let bypass = try AlarmCommand.decode(job: try #require(try stage.take(from: "commands")))
            #expect(bypass.action == .simple(.bypass) && bypass.zones == [5, 6] && bypass.profile == nil)
            let profile = try await stage.request(
                .POST, "/v1/commands", token: token, json: #"{"command":"unbypass","profile":"night","partition":1}"#)
            #expect(profile.status == 202, "\(profile)")
            let unbypass = try AlarmCommand.decode(job: try #require(try stage.take(from: "commands")))
            #expect(unbypass.action == .simple(.unbypass) && unbypass.profile == "night" && unbypass.partition == 1)
            let audit = try await CommandAudit(database: CommandDatabase(path: stage.databasePath)).entries()
            #expect(audit.map(\.command) == [.bypass, .unbypass])

            let reader = try await stage.token(.read, name: "viewer")
            let refused = try await stage.request(.POST, "/v1/commands", token: reader, json: #"{"command":"bypass","zones":[5]}"#)
            #expect(refused.status == 403, "\(refused)")
            for (body, error) in [
                (#"{"command":"bypass"}"#, "zones: bypass needs zones or a profile"),
                (#"{"command":"bypass","zones":[65]}"#, "zones: must be between 1 and 64, got 65"),
                (#"{"command":"arm","zones":[5]}"#, "zones: only bypass and unbypass take zones"),
                (#"{"command":"bypass","zones":[5],"profile":"night"}"#, "profile: give zones or a profile, not both"),
            ] {
                let answer = try await stage.request(.POST, "/v1/commands", token: token, json: body)
                #expect(answer.status == 400 && answer.error == error, "\(answer)")
            }
            #expect(try stage.take(from: "commands") == nil)
        }
    }

    @Test func theChimeCommandsNeedAControlToken() async throws {
        try await APIStage.run { stage in
            let token = try await stage.token(.control, name: "anna-phone")
            let on = try await stage.request(.POST, "/v1/commands", token: token, json: #"{"command":"chime_on","partition":2}"#)
            #expect(on.status == 202, "\(on)")
            let command = try AlarmCommand.decode(job: try #require(try stage.take(from: "commands")))
            #expect(command.action == .simple(.chimeOn) && command.partition == 2)
            let reader = try await stage.token(.read, name: "viewer")
            let refused = try await stage.request(.POST, "/v1/commands", token: reader, json: #"{"command":"chime_off"}"#)
            #expect(refused.status == 403, "\(refused)")
            let zones = try await stage.request(.POST, "/v1/commands", token: token, json: #"{"command":"chime_off","zones":[5]}"#)
            #expect(zones.status == 400 && zones.error == "zones: only bypass and unbypass take zones", "\(zones)")
            #expect(try stage.take(from: "commands") == nil)
        }
    }

    @Test(arguments: [
        (#"{"command":"arm","access_code":"730916"}"#, "access_code: only disarm takes an access code"),
        (#"{"command":"disarm","access_code":"7309a6"}"#, "access_code: must be 4 to 6 digits"),
        (#"{"command":"disarm","access_code":"7309166"}"#, "access_code: must be 4 to 6 digits"),
        (#"{"command":"disarm","access_code":730916}"#, nil),
    ])
    func aBadAccessCodeIs400WithoutQuotingIt(body: String, error: String?) async throws {
        try await APIStage.run { stage in
            let token = try await stage.token(.control)
            let answer = try await stage.request(.POST, "/v1/commands", token: token, json: body)
            #expect(answer.status == 400, "\(answer)")
            if let error { #expect(answer.error == error) }
            #expect(answer.error?.contains("7309") == false, "\(answer.error ?? "")")
            #expect(try stage.take(from: "commands") == nil)
        }
    }

    @Test func withoutBeanstalkdTheAnswerIs503AndNothingIsAudited() async throws {
        try await APIStage.run { stage in
            let token = try await stage.token(.control)
            try await stage.server.kill()
            let answer = try await stage.request(.POST, "/v1/commands", token: token, json: #"{"command":"disarm"}"#)
            #expect(answer.status == 503)
            #expect(answer.error == "the queue (beanstalkd) is unavailable; try again later")
            #expect(try await CommandAudit(database: CommandDatabase(path: stage.databasePath)).entries().isEmpty)
        }
    }
}
