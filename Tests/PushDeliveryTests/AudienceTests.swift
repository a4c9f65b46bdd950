import AlarmCore
import Foundation
import PushDelivery
import Testing

/// Who an event is for: the answer to an API command goes to the asker's devices when there are
/// any; everything else, to every device.
@Suite("Audience")
struct AudienceTests {
    static let commandID = UUID(uuidString: "0F1E2D3C-4B5A-4968-8776-A5B4C3D2E1F0")

    static func answer(
        _ type: EventType = .fault, source: String? = "howalarming-command:anna", commandID: UUID? = commandID
    ) -> AlarmEvent {
        AlarmEvent(
            type: type, code: "502", message: "Arm away failed: not ready to arm (panel error 024) — Back door open",
            timestamp: 1_700_000_000, partition: 1, commandID: commandID, commandSource: source)
    }

    static func device(_ index: Int, owner: String?, provider: PushProvider = .apns) throws -> RegisteredDevice {
        let token = provider == .apns ? DispatchBench.apnsToken(index) : RegistryFixtures.fcmToken("-\(index)")
        return RegisteredDevice(
            token: try DeviceToken(token, provider: provider), platform: provider == .apns ? .ios : .android,
            createdAt: Date(), registeredAt: Date(), owner: owner)
    }

    @Test(arguments: [EventType.fault, .response])
    func aFaultOrResponseAnsweringAnAPICommandNamesItsToken(_ type: EventType) {
        #expect(Audience.asker(of: Self.answer(type)) == "anna")
        #expect(Audience.asker(of: Self.answer(type, source: "howalarming-command:a:b")) == "a:b")
    }

    @Test(arguments: [
        answer(.alarm), answer(.info), answer(.command), answer(.armed), answer(.recovery),
        answer(commandID: nil), answer(source: nil), answer(source: "howalarming-mqtt"), answer(source: "howalarming-cli"),
        answer(source: "tpi-proxy:keypad"), answer(source: "howalarming-command:"), answer(source: "howalarming-command"),
        answer(source: "xhowalarming-command:anna"),
    ])
    func everyOtherEventHasNoAsker(_ event: AlarmEvent) {
        #expect(Audience.asker(of: event) == nil)
    }

    @Test func theAskersDevicesWhenOneIsReachable() throws {
        let devices = [
            try Self.device(1, owner: "anna"), try Self.device(2, owner: "ben"), try Self.device(3, owner: nil),
            try Self.device(4, owner: "anna", provider: .fcm),
        ]
        let audience = Audience(for: Self.answer(), devices: devices, providers: [.apns, .fcm])
        #expect(audience == .owner("anna"))
        #expect(audience.select(devices, providers: [.apns, .fcm]) == [devices[0], devices[3]])
        // Reachable through one provider is enough.
        #expect(Audience(for: Self.answer(), devices: devices, providers: [.fcm]) == .owner("anna"))
    }

    @Test func everyDeviceWhenTheAskerHasNone() throws {
        let devices = [try Self.device(2, owner: "ben"), try Self.device(3, owner: nil)]
        let audience = Audience(for: Self.answer(), devices: devices, providers: [.apns])
        #expect(audience == .everyone)
        #expect(audience.select(devices, providers: [.apns]) == devices)
    }

    @Test func everyDeviceWhenTheAskersDevicesHaveNoConfiguredProvider() throws {
        let devices = [try Self.device(1, owner: "anna", provider: .fcm), try Self.device(2, owner: "ben")]
        #expect(Audience(for: Self.answer(), devices: devices, providers: [.apns]) == .everyone)
        // A recorded owner whose devices cannot be reached any more gets every device.
        #expect(Audience.owner("anna").select(devices, providers: [.apns]) == devices)
    }

    @Test func alarmsGoToEveryDeviceWhoeverOwnsThem() throws {
        let devices = [try Self.device(1, owner: "anna"), try Self.device(2, owner: "ben")]
        var alarm = Self.answer(.alarm)
        alarm.code = "670"
        #expect(Audience(for: alarm, devices: devices, providers: [.apns]) == .everyone)
    }

    @Test func anOwnerWithoutDevicesAnyMoreGetsEveryDevice() throws {
        let devices = [try Self.device(2, owner: "ben"), try Self.device(3, owner: nil)]
        #expect(Audience.owner("anna").select(devices, providers: [.apns]) == devices)
        #expect(Audience.everyone.select([], providers: [.apns]) == [])
    }
}
