import AlarmCore
import Foundation
import Logging
import PushDelivery
import Synchronization

/// A sender whose replies the test scripts per device token; records every send.
final class ScriptedSender: NotificationSender {
    let provider: PushProvider
    private let state = Mutex(State())

    private struct State {
        var scripts: [String: [DeliveryOutcome]] = [:]
        var sends: [String] = []
        var sendLog: [Send] = []
        var inFlight = 0
        var mostInFlight = 0
    }

    init(_ provider: PushProvider) {
        self.provider = provider
    }

    /// Replies for `token`, in order; once used up, `delivered`.
    func script(_ token: String, _ outcomes: [DeliveryOutcome]) {
        state.withLock { $0.scripts[token] = outcomes }
    }

    /// One send: which event went to which token.
    struct Send: Sendable {
        let token: String
        let eventID: UUID
    }

    /// The tokens sent to, in order.
    var sends: [String] { state.withLock { $0.sends } }

    /// Every send, in order.
    var sendLog: [Send] { state.withLock { $0.sendLog } }

    /// The most sends that were in flight at once.
    var mostInFlight: Int { state.withLock { $0.mostInFlight } }

    func prepare(_ event: AlarmEvent, issuedAt: Date, now: Date) -> any PreparedNotification {
        Prepared(sender: self, eventID: event.stableID)
    }

    func shutdown() async {}

    fileprivate func send(_ eventID: UUID, to device: RegisteredDevice) async -> SendReport {
        let outcome = state.withLock { state in
            state.sends.append(device.token.value)
            state.sendLog.append(Send(token: device.token.value, eventID: eventID))
            state.inFlight += 1
            state.mostInFlight = max(state.mostInFlight, state.inFlight)
            return state.scripts[device.token.value]?.isEmpty == false
                ? state.scripts[device.token.value]!.removeFirst() : .delivered(providerMessageID: "ok")
        }
        await Task.yield()
        state.withLock { $0.inFlight -= 1 }
        var report = SendReport(outcome: outcome, invalidSince: Date(), latency: .milliseconds(1))
        if case .prune(let reason) = outcome, reason == "DeviceTokenNotForTopic" {
            report.widespreadOutcome = .halt(reason: reason)
        }
        return report
    }

    private struct Prepared: PreparedNotification {
        let sender: ScriptedSender
        let eventID: UUID

        func send(to device: RegisteredDevice) async -> SendReport {
            await sender.send(eventID, to: device)
        }
    }
}

/// A registry and ledger in memory with some devices, and a dispatcher over scripted senders.
struct DispatchBench {
    let registry: DeviceRegistry
    let ledger: DeliveryLedger
    let apns = ScriptedSender(.apns)
    let fcm = ScriptedSender(.fcm)
    let path = RecordingPathObserver()
    let dispatcher: PushDispatcher

    init(
        settings: DispatchSettings = DispatchSettings(firstRetryDelay: .milliseconds(5)),
        providers: Set<PushProvider> = [.apns, .fcm], clock: WallClock = .system, faults: [PushProvider: String] = [:]
    ) throws {
        let database = try PushDatabase.inMemory()
        registry = DeviceRegistry(database: database)
        ledger = DeliveryLedger(database: database)
        let senders: [any NotificationSender] = [apns, fcm].filter { providers.contains($0.provider) }
        dispatcher = PushDispatcher(
            registry: registry, ledger: ledger, senders: senders, settings: settings, clock: clock,
            logger: Logger(label: "test"), pathObserver: path, faults: faults)
    }

    /// Registers `count` iOS devices (tokens `apnsToken(i)`), named `name` when given, and
    /// returns their tokens.
    @discardableResult
    func addPhones(_ count: Int, platform: DevicePlatform = .ios, name: String? = nil) async throws -> [String] {
        var tokens: [String] = []
        for index in 0..<count {
            let token = platform == .ios ? Self.apnsToken(index) : RegistryFixtures.fcmToken("-\(index)")
            try await registry.add(platform: platform, token: token, name: name)
            tokens.append(token)
        }
        return tokens
    }

    /// A distinct 64-digit hexadecimal token for `index`.
    static func apnsToken(_ index: Int) -> String {
        let hex = String(index, radix: 16)
        return String(repeating: "0", count: 64 - hex.count) + hex
    }
}

/// What a ``PushPathObserver`` was told, in order.
final class RecordingPathObserver: PushPathObserver {
    enum Notice: Sendable, Equatable {
        case halted(PushProvider, reason: String, heldDevices: Int)
        case resumed(PushProvider, haltedFor: String)
        case pruned(name: String?, platform: DevicePlatform, reason: String)
    }

    private let state = Mutex<[Notice]>([])

    /// Everything told so far.
    var notices: [Notice] { state.withLock { $0 } }

    func providerHalted(_ provider: PushProvider, reason: String, heldDevices: Int) {
        state.withLock { $0.append(.halted(provider, reason: reason, heldDevices: heldDevices)) }
    }

    func providerResumed(_ provider: PushProvider, haltedFor reason: String) {
        state.withLock { $0.append(.resumed(provider, haltedFor: reason)) }
    }

    func devicePruned(_ device: RegisteredDevice, reason: String) {
        state.withLock { $0.append(.pruned(name: device.name, platform: device.platform, reason: reason)) }
    }
}
