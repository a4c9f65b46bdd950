import AlarmCore
import EnvisalinkTPI
import EnvisalinkTPITestSupport
import Testing

/// Test shorthand: a frame written as code + data (no checksum), decoded and mapped.
enum Wire {
    static let mapper = PanelEventMapper(zoneNames: MessageRow.zoneNames)

    static func frame(_ wire: String) throws -> TPIFrame {
        try TPIFrame(code: String(wire.prefix(3)), data: String(wire.dropFirst(3)))
    }

    static func decode(_ wire: String) throws -> PanelMessage {
        PanelMessage.decode(try frame(wire))
    }

    /// The event of a message the mapper does not leave to the session; it must validate.
    static func event(_ wire: String) throws -> AlarmEvent {
        let frame = try frame(wire)
        let event = try #require(mapper.event(for: PanelMessage.decode(frame), frame: frame, timestamp: 0))
        try event.validate()
        return event
    }
}
