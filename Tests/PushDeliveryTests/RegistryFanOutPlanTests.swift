import AlarmCore
import PushDelivery
import Testing

/// Which devices an event still needs, given what was delivered and which providers exist.
struct RegistryFanOutPlanTests {
    let iphone: RegisteredDevice
    let ipad: RegisteredDevice
    let pixel: RegisteredDevice

    init() throws {
        iphone = try RegistryFixtures.device(.ios, RegistryFixtures.apnsToken("1"))
        ipad = try RegistryFixtures.device(.ios, RegistryFixtures.apnsToken("2"))
        pixel = try RegistryFixtures.device(.android, RegistryFixtures.fcmToken("pixel"))
    }

    @Test func nothingDeliveredAndEveryProviderMeansEveryDeviceIsPending() {
        let plan = FanOutPlan(devices: [iphone, ipad, pixel], finished: [], providers: [.apns, .fcm])
        #expect(plan.pending == [iphone, ipad, pixel])
        #expect(plan.alreadyFinished.isEmpty && plan.unreachable.isEmpty)
    }

    @Test func deliveredDevicesAreSkipped() {
        let plan = FanOutPlan(devices: [iphone, ipad, pixel], finished: [ipad.token], providers: [.apns, .fcm])
        #expect(plan.pending == [iphone, pixel])
        #expect(plan.alreadyFinished == [ipad])
    }

    @Test func devicesOfAnUnconfiguredProviderAreUnreachableUnlessDelivered() {
        let plan = FanOutPlan(devices: [iphone, ipad, pixel], finished: [iphone.token], providers: [.fcm])
        #expect(plan.pending == [pixel])
        #expect(plan.alreadyFinished == [iphone])
        #expect(plan.unreachable == [ipad])
    }

    @Test func noDevicesOrNoProvidersLeaveNothingToSend() {
        #expect(FanOutPlan(devices: [], finished: [], providers: [.apns, .fcm]).pending.isEmpty)
        let plan = FanOutPlan(devices: [iphone, pixel], finished: [], providers: [])
        #expect(plan.pending.isEmpty)
        #expect(plan.unreachable == [iphone, pixel])
    }

    @Test func aDeliveredTokenOfTheOtherProviderDoesNotCount() throws {
        let sameText = try RegistryFixtures.device(.android, iphone.token.value)
        let plan = FanOutPlan(devices: [iphone, sameText], finished: [sameText.token], providers: [.apns, .fcm])
        #expect(plan.pending == [iphone])
    }
}
