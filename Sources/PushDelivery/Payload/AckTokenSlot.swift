/// The place in a payload, encoded once per event, where each device's ``AckToken`` goes: the
/// payload is encoded with ``placeholder`` as the `ack_token` value, and each device's request
/// writes its own token over it. A token has the placeholder's length and needs no JSON escape,
/// so the payload's size, and its fit in the provider's limit, stay the same.
struct AckTokenSlot: Sendable, Hashable {
    /// The JSON key of the token.
    static let key = "ack_token"
    /// What the payload holds until a token is written: as long as a token.
    static let placeholder = String(repeating: "0", count: AckToken.length)

    /// Where the placeholder starts in the payload.
    let offset: Int

    /// The slot of `payload`: the value of its `"ack_token":"…"` member, or `nil` when it has
    /// none. The key with its quotes cannot come from the event's text, whose quotes are escaped.
    init?(in payload: [UInt8]) {
        let marker = Array(#""\#(Self.key)":""#.utf8) + Array(Self.placeholder.utf8)
        guard payload.count >= marker.count,
            let start = (0...(payload.count - marker.count)).first(where: {
                payload[$0..<$0 + marker.count].elementsEqual(marker)
            })
        else { return nil }
        offset = start + marker.count - AckToken.length
    }

    /// `payload` with `token` in the slot.
    func filling(_ payload: [UInt8], with token: AckToken) -> [UInt8] {
        var filled = payload
        filled.replaceSubrange(offset..<offset + AckToken.length, with: token.value.utf8)
        return filled
    }
}
