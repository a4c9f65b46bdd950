import CommandAPITestSupport
import Foundation
import Testing

@testable import CommandAPI

/// Bearer tokens, scopes and revocation over real HTTP.
@Suite("Authentication")
struct AuthTests {
    @Test func healthNeedsNoTokenButEverythingElseDoes() async throws {
        // More failures than the default throttle allows from one address.
        try await APIStage.run(command: "  auth_failure_limit: 100") { stage in
            #expect(try await stage.request(.GET, "/healthz").status == 200)
            for (method, path) in [("GET", "/metrics"), ("GET", "/v1/status"), ("GET", "/v1/events"), ("POST", "/v1/commands"),
                ("POST", "/v1/devices"), ("DELETE", "/v1/devices/abc"), ("GET", "/v1/whoami"), ("GET", "/v1/stream"),
                ("GET", "/v1/deliveries"), ("GET", "/v1/devices"), ("POST", "/v1/events/1/acknowledge")]
            {
                let answer = try await stage.request(try #require(HTTPVerb(rawValue: method)), path, json: method == "POST" ? "{}" : nil)
                #expect(answer.status == 401, "\(method) \(path): \(answer)")
                #expect(answer.headers["www-authenticate"] == #"Bearer realm="howalarming""#)
                #expect(answer.error?.contains("missing bearer token") == true)
            }
        }
    }

    @Test func wrongMalformedAndRevokedTokensAre401WithInvalidToken() async throws {
        try await APIStage.run { stage in
            let token = try await stage.token(.read, name: "anna")
            #expect(try await stage.request(.GET, "/v1/status", token: token).status == 200)
            let wrong = APIToken.generate().value
            let lastCharacterChanged = String(token.dropLast()) + (token.hasSuffix("A") ? "B" : "A")
            for candidate in [wrong, "hal_short", "not-a-token", lastCharacterChanged] {
                let answer = try await stage.request(.GET, "/v1/status", token: candidate)
                #expect(answer.status == 401, "\(answer)")
                #expect(answer.headers["www-authenticate"] == #"Bearer realm="howalarming", error="invalid_token""#)
                #expect(answer.error == "invalid or revoked token")
            }
            #expect(try await TokenStore(database: CommandDatabase(path: stage.databasePath)).revoke(name: "anna"))
            #expect(try await stage.request(.GET, "/v1/status", token: token).status == 401)
        }
    }

    @Test func theSchemeIsCaseInsensitiveAndOtherSchemesAreRefused() async throws {
        try await APIStage.run { stage in
            let token = try await stage.token(.read)
            #expect(try await stage.request(.GET, "/v1/status", headers: [("Authorization", "bearer \(token)")]).status == 200)
            #expect(try await stage.request(.GET, "/v1/status", headers: [("Authorization", "Basic \(token)")]).status == 401)
            #expect(try await stage.request(.GET, "/v1/status", headers: [("Authorization", "Bearer")]).status == 401)
        }
    }

    @Test func aReadTokenMayOnlyGet() async throws {
        try await APIStage.run { stage in
            let read = try await stage.token(.read, name: "wall-display")
            #expect(try await stage.request(.GET, "/v1/events", token: read).status == 200)
            #expect(try await stage.request(.GET, "/metrics", token: read).status == 200)
            let command = try await stage.request(.POST, "/v1/commands", token: read, json: #"{"command":"arm"}"#)
            #expect(command.status == 403)
            #expect(command.error == "the token wall-display has the read scope; POST needs a control token")
            #expect(try await stage.request(.DELETE, "/v1/devices/abc", token: read).status == 403)
            // Nothing was queued.
            #expect(try stage.take(from: "commands") == nil)
        }
    }

    @Test func aControlTokenMayDoEverything() async throws {
        try await APIStage.run { stage in
            let control = try await stage.token(.control)
            #expect(try await stage.request(.GET, "/v1/status", token: control).status == 200)
            #expect(try await stage.request(.POST, "/v1/commands", token: control, json: #"{"command":"status"}"#).status == 202)
        }
    }

    @Test func useIsRecordedWithoutTheToken() async throws {
        try await APIStage.run { stage in
            let token = try await stage.token(.read, name: "kitchen")
            let store = TokenStore(database: try CommandDatabase(path: stage.databasePath))
            #expect(try await store.list().first?.lastUsedAt == nil)
            #expect(try await stage.request(.GET, "/v1/status", token: token).status == 200)
            let record = try #require(try await store.list().first)
            #expect(record.name == "kitchen" && record.scope == .read)
            let lastUsed = try #require(record.lastUsedAt)
            #expect(abs(lastUsed.timeIntervalSinceNow) < 60)
        }
    }
}
