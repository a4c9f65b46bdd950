#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
public import AlarmCore

/// Reads the commands that arrive by MQTT into the command tube's ``AlarmCommand``s, or refuses
/// them with the reason.
///
/// - On a partition's Home Assistant topic (`…/p1/set`): `{"action": "ARM_AWAY", "code": "1234",
///   "timestamp": 1700000000}` as the discovery config's command template makes it, or the bare
///   action. `ARM_HOME` arms stay, `ARM_AWAY` away, `ARM_NIGHT` with no entry delay, `DISARM`
///   disarms with the code typed (the integrator's master code when `code_disarm_required` is off
///   and none was typed). A code typed to arm is checked against the master code when
///   `code_arm_required` is on, and never sent on: the panel arms without one.
/// - On a zone's bypass switch topic (`…/zone/005/bypass/set`): `{"state": "ON", "timestamp": …}`
///   as the switch's command template makes it, or the bare `ON`, bypasses the zone, `OFF`
///   un-bypasses it, in the zone's partition: the configured one (`envisalinkd.zones`' `partition`),
///   else the one the events last named with the zone, else none (the integrator's default, 1).
/// - On a partition's chime switch topic (`…/p1/chime/set`): the same `ON` (`chime_on`) or `OFF`
///   (`chime_off`) for the partition.
/// - On a panic key's button topic (`…/panic/fire/set`): `{"action": "PRESS", "timestamp": …}` as
///   the button's command template makes it, or the bare `PRESS`, queues `fire`, `medical` or
///   `police` for the whole panel (a DSC panic, `060`, has no partition).
/// - On the plain command topic: the command tube's own forms (`arm_away`, or a JSON command).
/// - Refused: a retained command (it would run again on every subscription), an unknown action, a
///   disarm without the code that is required, a malformed code, a partition the panel does not have.
public struct BridgeCommandReader: Sendable {
    /// The topics.
    public let topics: BridgeTopics
    /// The number of partitions.
    public let partitions: Int
    /// Whether arming needs the master code typed.
    public let codeArmRequired: Bool
    /// Whether disarming needs a code typed.
    public let codeDisarmRequired: Bool
    /// The configured partition of each zone that has one (`envisalinkd.zones`).
    public let zonePartitions: [Int: Int]
    /// The integrator's master code, which an arming code must match (`code_arm_required`).
    let masterCode: Secret?

    /// A reader for `topics`; `masterCode` is needed when `codeArmRequired`.
    public init(
        topics: BridgeTopics, partitions: Int, codeArmRequired: Bool, codeDisarmRequired: Bool, masterCode: Secret?,
        zonePartitions: [Int: Int] = [:]
    ) {
        self.topics = topics
        self.partitions = partitions
        self.codeArmRequired = codeArmRequired
        self.codeDisarmRequired = codeDisarmRequired
        self.masterCode = masterCode
        self.zonePartitions = zonePartitions
    }

    /// The command in `payload` on `topic`, with `source` `mqtt`; its id and timestamp are the
    /// caller's. `reportedZonePartitions` are the zones' partitions as the events named them, for
    /// a bypass switch's zone that ``zonePartitions`` does not place.
    public func command(
        topic: String, payload: [UInt8], retained: Bool, reportedZonePartitions: [Int: Int] = [:]
    ) -> Result<AlarmCommand, BridgeCommandRefusal> {
        guard !retained else {
            return .failure(BridgeCommandRefusal("a retained command is refused: it would run again on every reconnect"))
        }
        do throws(BridgeCommandRefusal) {
            var command: AlarmCommand
            if let partition = topics.partition(ofCommandTopic: topic) {
                command = try homeAssistantCommand(payload, partition: partition)
            } else if let zone = topics.zone(ofBypassTopic: topic) {
                let (on, timestamp) = try switchState(payload, of: "a bypass switch")
                command = .simple(
                    on ? .bypass : .unbypass, partition: zonePartitions[zone] ?? reportedZonePartitions[zone],
                    timestamp: timestamp, zones: [zone])
            } else if let partition = topics.partition(ofChimeTopic: topic) {
                let (on, timestamp) = try switchState(payload, of: "a chime switch")
                command = .simple(on ? .chimeOn : .chimeOff, partition: partition, timestamp: timestamp)
            } else if let key = topics.panicKey(ofCommandTopic: topic) {
                command = try panicCommand(payload, key: key)
            } else if topic == topics.command {
                command = try queueCommand(payload)
            } else {
                throw BridgeCommandRefusal("not a command topic")
            }
            command.source = "mqtt"
            if let partition = command.partition, partition > partitions {
                throw BridgeCommandRefusal("partition \(partition) is not configured (envisalinkd.partitions is \(partitions))")
            }
            do {
                try command.validate()
            } catch {
                throw BridgeCommandRefusal("\(error)")
            }
            return .success(command)
        } catch {
            return .failure(error)
        }
    }

    /// What Home Assistant's command template sends.
    private struct HomeAssistantPayload: Decodable {
        var action: String
        var code: String?
        var timestamp: Double?
    }

    /// `payload` as Home Assistant's command template makes it (JSON), or the bare action.
    private func homeAssistantPayload(_ payload: [UInt8]) throws(BridgeCommandRefusal) -> HomeAssistantPayload {
        guard payload.first == UInt8(ascii: "{") else { return HomeAssistantPayload(action: String(decoding: payload, as: UTF8.self)) }
        guard let decoded = try? JSONDecoder().decode(HomeAssistantPayload.self, from: Data(payload)) else {
            throw BridgeCommandRefusal("expected {\"action\": …, \"code\": …} or an action name")
        }
        return decoded
    }

    private func homeAssistantCommand(_ payload: [UInt8], partition: Int) throws(BridgeCommandRefusal) -> AlarmCommand {
        let request = try homeAssistantPayload(payload)
        let code = request.code.flatMap { $0.isEmpty ? nil : Secret($0) }
        let timestamp = Self.unixSeconds(request.timestamp)
        switch request.action {
        case "ARM_AWAY", "ARM_HOME", "ARM_NIGHT":
            try checkArmingCode(code)
            let simple: SimpleCommand = switch request.action {
            case "ARM_AWAY": .armAway
            case "ARM_HOME": .armStay
            default: .armInstant
            }
            return .simple(simple, partition: partition, timestamp: timestamp)
        case "DISARM":
            if code == nil, codeDisarmRequired {
                throw BridgeCommandRefusal("disarming needs a code (mqtt.code_disarm_required)")
            }
            return .simple(.disarm, partition: partition, timestamp: timestamp, accessCode: code)
        default:
            let shown = request.action.contains(where: \.isNumber) ? "an action" : String(reflecting: String(request.action.prefix(32)))
            throw BridgeCommandRefusal("\(shown) is not one of ARM_AWAY, ARM_HOME, ARM_NIGHT, DISARM")
        }
    }

    /// What a panic button sends: `PRESS` (JSON with its timestamp, or bare) queues the panic `key`.
    private func panicCommand(_ payload: [UInt8], key: SimpleCommand) throws(BridgeCommandRefusal) -> AlarmCommand {
        let request = try homeAssistantPayload(payload)
        guard request.action == HomeAssistantDiscovery.buttonPress else {
            throw BridgeCommandRefusal("a panic button sends \(HomeAssistantDiscovery.buttonPress)")
        }
        return .simple(key, timestamp: Self.unixSeconds(request.timestamp))
    }

    /// What a switch's command template sends.
    private struct SwitchPayload: Decodable {
        var state: String
        var timestamp: Double?
    }

    /// What a switch (a zone's bypass, a partition's chime) sends: `{"state": "ON", "timestamp":
    /// 1700000000}` as the discovery config's command template makes it, or the bare `ON` or `OFF`.
    private func switchState(_ payload: [UInt8], of entity: String) throws(BridgeCommandRefusal) -> (on: Bool, timestamp: Int64?) {
        let request = payload.first == UInt8(ascii: "{")
            ? try? JSONDecoder().decode(SwitchPayload.self, from: Data(payload))
            : SwitchPayload(state: String(decoding: payload, as: UTF8.self))
        let timestamp = Self.unixSeconds(request?.timestamp)
        switch request?.state {
        case "ON": return (true, timestamp)
        case "OFF": return (false, timestamp)
        default: throw BridgeCommandRefusal("\(entity) sends ON or OFF")
        }
    }

    /// A payload's `timestamp` in whole Unix seconds; `nil` when missing, negative or not finite.
    private static func unixSeconds(_ timestamp: Double?) -> Int64? {
        timestamp.flatMap { $0.isFinite && $0 >= 0 ? Int64($0) : nil }
    }

    private func checkArmingCode(_ code: Secret?) throws(BridgeCommandRefusal) {
        guard codeArmRequired else { return }
        guard let code else { throw BridgeCommandRefusal("arming needs a code (mqtt.code_arm_required)") }
        guard let masterCode, code.matches(masterCode) else { throw BridgeCommandRefusal("wrong code") }
    }

    private func queueCommand(_ payload: [UInt8]) throws(BridgeCommandRefusal) -> AlarmCommand {
        let command: AlarmCommand
        do {
            command = try AlarmCommand.decode(job: payload)
        } catch {
            throw BridgeCommandRefusal("\(error)")
        }
        if command.accessCode == nil, command.action == .simple(.disarm), codeDisarmRequired {
            throw BridgeCommandRefusal("disarming needs an access_code (mqtt.code_disarm_required)")
        }
        return command
    }
}
