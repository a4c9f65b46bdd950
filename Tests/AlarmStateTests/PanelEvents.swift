import AlarmCore
import AlarmState
import EnvisalinkTPI
import Testing

/// Events as the integrator publishes them: TPI lines through the integrator's own mapper, with
/// a source and a rising sequence, written as JSON and read back as a consumer reads its job.
struct PanelEvents {
    private let mapper = PanelEventMapper(zoneNames: [1: "Front door", 2: "Hall PIR"], userNames: [40: "Anna"])
    private(set) var sequence: UInt64 = 100
    var timestamp: Int64 = 1_700_000_000

    /// The event of the TPI line `line` (code and data, without checksum: `"6521 0"` is `6521` + `0`).
    mutating func panel(_ line: String) throws -> AlarmEvent {
        let frame = try TPIFrame(code: String(line.prefix(3)), data: String(line.dropFirst(3)))
        let message = PanelMessage.decode(frame)
        let event = try #require(mapper.event(for: message, frame: frame, timestamp: timestamp), "no event for \(line)")
        return try stamped(event)
    }

    /// The integrator's panel link event: down (`fault`) or up (`recovery`), code `link`.
    mutating func link(up: Bool) throws -> AlarmEvent {
        try stamped(
            AlarmEvent(
                type: up ? .recovery : .fault, code: "link", message: up ? "Panel link restored" : "Panel link lost: EOF",
                timestamp: timestamp))
    }

    /// `event` with the integrator's source and the next sequence, through JSON.
    mutating func stamped(_ event: AlarmEvent) throws -> AlarmEvent {
        sequence += 1
        var event = event
        event.source = "howalarming-envisalink"
        event.sequence = sequence
        return try AlarmEvent.decode(json: event.jsonBytes())
    }
}

/// Applies `events` to `state` and returns every change, in order.
func apply(_ events: [AlarmEvent], to state: inout PanelState) -> [PanelChange] {
    events.flatMap { state.apply($0) }
}
