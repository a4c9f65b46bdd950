import AlarmCore
import CommandAPI
import CommandAPITestSupport
import Foundation
import Testing

/// `POST /v1/devices` and `DELETE /v1/devices/{token}`: registration messages for the push consumer.
@Suite("Devices")
struct DevicesTests {
    static let apnsToken = "8C4E7D2A1F0B4A8E9C3D5B6A7E8F90128C4E7D2A1F0B4A8E9C3D5B6A7E8F9012"

    @Test func aRegistrationIsForwardedToTheRegistrationTube() async throws {
        try await APIStage.run { stage in
            let token = try await stage.token(.control)
            let answer = try await stage.request(
                .POST, "/v1/devices", token: token,
                json: #"{"platform":"ios","token":" \#(Self.apnsToken) ","environment":"sandbox","name":"Jane's iPhone"}"#)
            #expect(answer.status == 202, "\(answer)")
            #expect(try answer.json["status"] as? String == "queued")
            let job = try #require(try stage.take(from: "push-registrations"))
            #expect(
                try RegistrationMessage.decode(json: job)
                    == .register(platform: .ios, token: Self.apnsToken.lowercased(), environment: .sandbox, name: "Jane's iPhone"))
            #expect(job.contains(#""type":"register""#))
        }
    }

    @Test func anUnregistrationIsForwardedToo() async throws {
        try await APIStage.run { stage in
            let token = try await stage.token(.control)
            let fcm = "dGVzdC1kZXZpY2U:APA91bHun4MxP5egoKMwt2KZFBaFUH-1RYqx"
            let answer = try await stage.request(.DELETE, "/v1/devices/\(fcm)", token: token)
            #expect(answer.status == 202, "\(answer)")
            let job = try #require(try stage.take(from: "push-registrations"))
            #expect(try RegistrationMessage.decode(json: job) == .unregister(token: fcm))
        }
    }

    @Test func invalidRegistrationsAre400WithTheRegistryReasons() async throws {
        try await APIStage.run { stage in
            let token = try await stage.token(.control)
            let cases = [
                (#"{"platform":"ios","token":"abcd"}"#, "token: an APNs device token is an even number of 64 to 256 hexadecimal digits, got 4"),
                (#"{"token":"abc"}"#, "platform: required field is missing; expected ios or android or web"),
                (#"{"platform":"windows","token":"abc"}"#, #"platform: unknown platform "windows"; expected ios or android or web"#),
                (#"{"platform":"android","token":"abc","environment":"sandbox"}"#, "environment: only ios devices have an APNs environment"),
                (#"{"platform":"android","token":7}"#, "token: expected a string"),
            ]
            for (json, error) in cases {
                let answer = try await stage.request(.POST, "/v1/devices", token: token, json: json)
                #expect(answer.status == 400, "\(json): \(answer)")
                #expect(answer.error == error)
            }
            let spaces = try await stage.request(.DELETE, "/v1/devices/a%20b", token: token)
            #expect(spaces.status == 400, "\(spaces)")
            #expect(try stage.take(from: "push-registrations") == nil)
        }
    }
}
