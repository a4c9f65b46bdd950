extension AlarmEvent {
    /// Whether the panel said this (a 3-digit TPI code), rather than the integrator (`link`,
    /// `panel`) or a command (`command` echoes, `response`s): such an event shows the panel link is up.
    public var isFromThePanel: Bool {
        type != .command && type != .response && code.utf8.count == 3
            && code.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
    }
}
