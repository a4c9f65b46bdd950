import AlarmCore
import MQTT
import NIOCore
import Testing

/// The password is on the wire (it must be), and nowhere else: not in any description, debug
/// description, dump or error of the packets that carry it.
@Suite("MQTT password secrecy")
struct PasswordSecrecyTests {
    private static let password = "s3cret-Pa55"

    private func connect() throws -> ConnectPacket {
        try ConnectPacket(
            clientID: "howalarming-site1", cleanSession: false, keepAlive: 30, userName: "site1",
            password: Secret(Self.password),
            will: Will(topic: topic("howalarming/site1/bridge"), payload: ByteBuffer(string: "offline"), qos: .atLeastOnce, retain: true))
    }

    @Test func descriptionsNeverShowThePassword() throws {
        let connect = try connect()
        var dumped = ""
        dump(MQTTClientPacket.connect(connect), to: &dumped)
        let texts = [
            String(describing: connect), String(reflecting: connect), "\(connect)",
            String(describing: MQTTClientPacket.connect(connect)), String(reflecting: MQTTClientPacket.connect(connect)),
            String(describing: [connect]), String(describing: Optional(connect)), dumped,
        ]
        for text in texts {
            #expect(!text.contains(Self.password), "\(text)")
        }
        #expect(String(describing: connect).contains("password=<redacted>"))
        #expect(String(describing: connect).contains("user=site1"))
        // The bytes do carry it, after its length.
        #expect(encoded(.connect(connect)).suffix(Self.password.utf8.count + 2) == [0x00, 0x0B] + Array(Self.password.utf8))
    }

    @Test func errorsNeverShowThePassword() {
        let attempts: [() throws -> Void] = [
            { _ = try ConnectPacket(clientID: "c", cleanSession: true, keepAlive: 30, password: Secret(Self.password)) },
            { _ = try ConnectPacket(clientID: "", cleanSession: false, keepAlive: 30, userName: "u", password: Secret(Self.password)) },
            {
                _ = try ConnectPacket(
                    clientID: "c", cleanSession: true, keepAlive: 30, userName: "u",
                    password: Secret(Self.password + String(repeating: "x", count: 65_535)))
            },
        ]
        for attempt in attempts {
            do {
                try attempt()
                Issue.record("expected an error")
            } catch {
                for text in [String(describing: error), String(reflecting: error)] {
                    #expect(!text.contains(Self.password), "\(text)")
                }
            }
        }
    }
}
