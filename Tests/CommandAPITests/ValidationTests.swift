import CommandAPI
import CommandAPITestSupport
import Foundation
import Testing

/// Bad requests get a clear 4xx with `{"error":"…"}` and queue nothing.
@Suite("Request validation")
struct ValidationTests {
    @Test func badBodiesAre400And415AndNothingIsQueued() async throws {
        try await APIStage.run { stage in
            let token = try await stage.token(.control)
            let cases: [(json: String, contentType: String?, status: Int, error: String)] = [
                ("{not json", "application/json", 400, "the body is not valid JSON"),
                ("[1,2]", "application/json", 400, "the body must be a JSON object"),
                ("{}", "application/json", 400, "command: required field is missing"),
                (#"{"command":5}"#, "application/json", 400, "command: expected a string"),
                (#"{"command":"arm","partition":"2"}"#, "application/json", 400, "partition: expected an integer"),
                (#"{"command":"arm","partition":9}"#, "application/json", 400, "partition: must be between 1 and 8, got 9"),
                (#"{"command":"arm","message":"a\u0007b"}"#, "application/json", 400, "message: must not contain control characters"),
                (#"{"command":"arm"}"#, "text/plain", 415, "the body must be JSON, sent with Content-Type: application/json"),
                (#"{"command":"arm"}"#, nil, 415, "the body must be JSON, sent with Content-Type: application/json"),
            ]
            for item in cases {
                let answer = try await stage.request(.POST, "/v1/commands", token: token, json: item.json, contentType: item.contentType)
                #expect(answer.status == item.status, "\(item.json): \(answer)")
                #expect(answer.error == item.error, "\(item.json): \(answer)")
                #expect(answer.headers["content-type"] == "application/json")
            }
            let charset = try await stage.request(
                .POST, "/v1/commands", token: token, json: #"{"command":"arm"}"#, contentType: "Application/JSON; charset=utf-8")
            #expect(charset.status == 202)
            #expect(try stage.take(from: "commands") != nil)
            #expect(try stage.take(from: "commands") == nil)
        }
    }

    @Test func anUnknownCommandListsTheValidOnesWithoutQuotingDigits() async throws {
        try await APIStage.run { stage in
            let token = try await stage.token(.control)
            let valid = "valid commands: status, arm, disarm, fire, medical, police, arm_stay, arm_away, arm_instant, bypass, unbypass, chime_on, chime_off"
            let night = try await stage.request(.POST, "/v1/commands", token: token, json: #"{"command":"arm_night"}"#)
            #expect(night.status == 400)
            #expect(night.error == #"command: unknown command "arm_night"; \#(valid)"#)
            // A raw panel code, or a code typed into the wrong field, is never echoed.
            for secretish in ["040", "disarm 1234", "0401234"] {
                let answer = try await stage.request(.POST, "/v1/commands", token: token, json: #"{"command":"\#(secretish)"}"#)
                #expect(answer.status == 400)
                #expect(answer.error?.hasSuffix(valid) == true, "\(answer)")
                #expect(answer.body.contains(secretish) == false, "\(answer)")
            }
        }
    }

    @Test func anOversizeBodyIs413() async throws {
        try await APIStage.run(command: "  body_limit: 1024") { stage in
            let token = try await stage.token(.control)
            let large = #"{"command":"arm","message":""# + String(repeating: "x", count: 2000) + #""}"#
            let answer = try await stage.request(.POST, "/v1/commands", token: token, json: large)
            #expect(answer.status == 413, "\(answer)")
            #expect(answer.error == "the body is larger than 1024 bytes")
            let device = try await stage.request(.POST, "/v1/devices", token: token, json: large)
            #expect(device.status == 413)
            // Without Content-Length, the body is measured while it is read.
            let chunked = try await stage.request(.POST, "/v1/commands", token: token, json: large, chunked: true)
            #expect(chunked.status == 413, "\(chunked)")
            #expect(chunked.error == "the body is larger than 1024 bytes")
            #expect(try stage.take(from: "commands") == nil)
        }
    }

    @Test func unknownPathsAre404AndOtherMethods405WithAllow() async throws {
        try await APIStage.run { stage in
            let token = try await stage.token(.control)
            let missing = try await stage.request(.GET, "/v1/nothing", token: token)
            #expect(missing.status == 404)
            #expect(missing.error == "no such endpoint; see docs/openapi.yaml")
            let put = try await stage.request(.PUT, "/v1/status", token: token, json: "{}")
            #expect(put.status == 405)
            #expect(put.headers["allow"] == "GET")
            #expect(put.error == "PUT is not allowed on /v1/status; allowed: GET")
            let devices = try await stage.request(.GET, "/v1/devices/abc", token: token)
            #expect(devices.status == 405)
            #expect(devices.headers["allow"] == "PATCH, DELETE")
        }
    }

    @Test func badHistoryParametersAre400() async throws {
        try await APIStage.run { stage in
            let token = try await stage.token(.read)
            let cursor = "after: must be a cursor, an integer from 0 to 9223372036854775807"
            let limit = "limit: must be an integer from 1 to 1000"
            for (query, error) in [
                ("after=-1", cursor), ("after=x", cursor), ("limit=0", limit), ("limit=1001", limit), ("limit=ten", limit),
            ] {
                let answer = try await stage.request(.GET, "/v1/events?\(query)", token: token)
                #expect(answer.status == 400, "\(query): \(answer)")
                #expect(answer.error == error)
            }
        }
    }
}
