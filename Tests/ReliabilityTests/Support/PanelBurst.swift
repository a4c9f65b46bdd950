import AlarmCore
import TestSupport

/// A burst of panel messages sent through the simulator's control port (`send CODE DATA`):
/// message `i` opens (`609`) or restores (`610`) a zone, zone after zone, so that the events
/// of the burst, in order, are known in advance and each loss, repeat or swap shows. Zone 1 is
/// left out: it is the simulator's one configured zone, which every status dump reports.
struct PanelBurst: Sendable {
    /// One panel message of the burst, as its event reports it.
    struct Message: Hashable, Sendable, CustomStringConvertible {
        let code: String
        let zone: Int

        var description: String { "\(code) zone \(zone)" }
    }

    let count: Int

    /// Message `index`: zone `index / 2 % 63 + 2` opens, then restores.
    func message(_ index: Int) -> Message {
        Message(code: index.isMultiple(of: 2) ? "609" : "610", zone: index / 2 % 63 + 2)
    }

    /// Every message of the burst, in the order sent.
    var messages: [Message] { (0..<count).map(message) }

    /// Sends messages `range` (each answered before the next goes) over `control`.
    func send(_ range: Range<Int>, over control: SimulatorControlConnection) throws {
        for index in range {
            let message = message(index)
            try control.require("send \(message.code)\(Self.threeDigits(message.zone))")
        }
    }

    /// `nil` when `logged` is exactly the burst (or `expected`), else where it first differs (a loss, a repeat,
    /// a swap) and the counts.
    func mismatch(in logged: [Message], expected: [Message]? = nil) -> String? {
        let expected = expected ?? messages
        guard logged != expected else { return nil }
        let index = (0..<min(logged.count, expected.count)).first { logged[$0] != expected[$0] } ?? min(logged.count, expected.count)
        let found = index < logged.count ? logged[index].description : "nothing"
        let wanted = index < expected.count ? expected[index].description : "nothing"
        return "\(logged.count) burst events logged, \(expected.count) sent; first difference at \(index): \(found) instead of \(wanted)"
    }

    /// `number` as three digits, as the TPI writes zones.
    private static func threeDigits(_ number: Int) -> String {
        let digits = String(number)
        return String(repeating: "0", count: max(0, 3 - digits.count)) + digits
    }

    /// The burst message an event reports, if it is one.
    static func message(of event: AlarmEvent) -> Message? {
        guard ["609", "610"].contains(event.code), let zone = event.zone, zone != 1 else { return nil }
        return Message(code: event.code, zone: zone)
    }
}
