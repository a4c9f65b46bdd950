import AlarmCore
import CommandAPI
import CommandAPITestSupport
import Foundation
import Testing

/// `POST /v1/devices`, `PATCH /v1/devices/{device}` and `DELETE /v1/devices/{device}`: registration
/// messages for the push consumer.
@Suite("Devices")
struct DevicesTests {
    static let apnsToken = "8C4E7D2A1F0B4A8E9C3D5B6A7E8F90128C4E7D2A1F0B4A8E9C3D5B6A7E8F9012"
    static let endpoint = "https://push.example.net/send/abc123"
    /// 0x04 and 64 more bytes, base64url.
    static let p256dh = "BAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8gISIjJCUmJygpKissLS4vMDEyMzQ1Njc4OTo7PD0-P0A"
    /// 16 bytes, base64url.
    static let auth = "ZGVmZ2hpamtsbW5vcHFycw"
    static let device = DeviceID(provider: .fcm, token: "some-token")

    @Test func aRegistrationIsForwardedToTheRegistrationTubeOwnedByTheCallersToken() async throws {
        try await APIStage.run { stage in
            let token = try await stage.token(.control, name: "jane")
            let answer = try await stage.request(
                .POST, "/v1/devices", token: token,
                json: #"{"platform":"ios","token":" \#(Self.apnsToken) ","environment":"sandbox","name":"Jane's iPhone"}"#)
            #expect(answer.status == 202, "\(answer)")
            #expect(try answer.json["status"] as? String == "queued")
            let job = try #require(try stage.take(from: "push-registrations"))
            #expect(
                try RegistrationMessage.decode(json: job)
                    == .register(
                        platform: .ios, token: Self.apnsToken.lowercased(), environment: .sandbox, name: "Jane's iPhone",
                        owner: "jane"))
            #expect(job.contains(#""type":"register""#))
        }
    }

    @Test func aRequestBodyCannotNameAnotherOwner() async throws {
        try await APIStage.run { stage in
            let token = try await stage.token(.control, name: "mallory")
            let answer = try await stage.request(
                .POST, "/v1/devices", token: token, json: #"{"platform":"ios","token":"\#(Self.apnsToken)","owner":"jane"}"#)
            #expect(answer.status == 202, "\(answer)")
            let job = try #require(try stage.take(from: "push-registrations"))
            guard case .register(_, _, _, _, let owner) = try RegistrationMessage.decode(json: job) else {
                Issue.record("expected a registration, got \(job)")
                return
            }
            #expect(owner == "mallory")
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

    @Test func aBrowserRegistersWithItsSubscription() async throws {
        try await APIStage.run { stage in
            let token = try await stage.token(.control, name: "console")
            let subscription = #"{"endpoint":"\#(Self.endpoint)","expirationTime":null,"keys":{"p256dh":"\#(Self.p256dh)","auth":"\#(Self.auth)"}}"#
            let answer = try await stage.request(
                .POST, "/v1/devices", token: token,
                json: #"{"platform":"web","subscription":\#(subscription),"name":"Kitchen tablet"}"#)
            #expect(answer.status == 202, "\(answer)")
            let job = try #require(try stage.take(from: "push-registrations"))
            #expect(
                try RegistrationMessage.decode(json: job)
                    == .registerWeb(
                        endpoint: Self.endpoint, keys: try WebPushKeys(p256dh: Self.p256dh, auth: Self.auth), name: "Kitchen tablet",
                        owner: "console"))
            #expect(job.contains(#""platform":"web""#))
        }
    }

    @Test func invalidBrowserRegistrationsAre400WithoutQuotingTheKeys() async throws {
        try await APIStage.run { stage in
            let token = try await stage.token(.control)
            let cases = [
                (#"{"platform":"web"}"#, "subscription: required for web devices (the browser's PushSubscription.toJSON())"),
                (
                    #"{"platform":"web","subscription":{"endpoint":"\#(Self.endpoint)","keys":{"p256dh":"\#(Self.p256dh)","auth":"c2hvcnQ"}}}"#,
                    "subscription.keys.auth: is 5 bytes, not 16"
                ),
                (
                    #"{"platform":"ios","token":"\#(Self.apnsToken)","subscription":{"endpoint":"\#(Self.endpoint)","keys":{"p256dh":"\#(Self.p256dh)","auth":"\#(Self.auth)"}}}"#,
                    "subscription: only web devices have a subscription"
                ),
            ]
            for (json, error) in cases {
                let answer = try await stage.request(.POST, "/v1/devices", token: token, json: json)
                #expect(answer.status == 400, "\(json): \(answer)")
                #expect(answer.error == error)
            }
            #expect(try stage.take(from: "push-registrations") == nil)
        }
    }

    @Test func aRenameIsForwarded() async throws {
        try await APIStage.run { stage in
            let token = try await stage.token(.control)
            let answer = try await stage.request(
                .PATCH, "/v1/devices/\(Self.device)", token: token, json: #"{"name":"Anna (old phone)"}"#)
            #expect(answer.status == 202, "\(answer)")
            #expect(try answer.json["status"] as? String == "queued")
            let job = try #require(try stage.take(from: "push-registrations"))
            #expect(try RegistrationMessage.decode(json: job) == .rename(device: Self.device, name: "Anna (old phone)"))
            let metrics = try await stage.request(.GET, "/metrics", token: token)
            #expect(metrics.body.contains(#"howalarming_command_registrations_sent_total{type="rename"} 1"#), "\(metrics.body)")
        }
    }

    @Test func invalidRenamesAre400AndReadTokensAre403() async throws {
        try await APIStage.run { stage in
            let control = try await stage.token(.control)
            let cases = [
                ("/v1/devices/not-a-device", #"{"name":"x"}"#, "device: a device id is a UUID (as devices list and the push reports show it)"),
                ("/v1/devices/\(Self.device)", #"{}"#, "name: required field is missing"),
            ]
            for (path, json, error) in cases {
                let answer = try await stage.request(.PATCH, path, token: control, json: json)
                #expect(answer.status == 400, "\(path) \(json): \(answer)")
                #expect(answer.error == error)
            }
            let read = try await stage.token(.read)
            let forbidden = try await stage.request(.PATCH, "/v1/devices/\(Self.device)", token: read, json: #"{"name":"x"}"#)
            #expect(forbidden.status == 403, "\(forbidden)")
            #expect(try stage.take(from: "push-registrations") == nil)
        }
    }

    @Test func aDeviceIDIsUnregisteredByID() async throws {
        try await APIStage.run { stage in
            let token = try await stage.token(.control)
            let answer = try await stage.request(.DELETE, "/v1/devices/\(Self.device.description.uppercased())", token: token)
            #expect(answer.status == 202, "\(answer)")
            let job = try #require(try stage.take(from: "push-registrations"))
            #expect(try RegistrationMessage.decode(json: job) == .unregisterDevice(id: Self.device))
            #expect(job.contains(#""device":"\#(Self.device)""#))
        }
    }
}
