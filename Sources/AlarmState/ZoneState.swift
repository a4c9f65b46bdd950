/// What the events say about one zone.
public struct ZoneState: Sendable, Hashable {
    /// Open (`609`) or closed (`610`).
    public var open = false
    /// In alarm (`601`) until its alarm is restored (`602`).
    public var alarm = false
    /// Tampered (`603`) until restored (`604`).
    public var tamper = false
    /// Faulted (`605`) until restored (`606`).
    public var fault = false
    /// Bypassed, as the last bypass report (`616`) lists it.
    public var bypassed = false
    /// The partition of the last event that named one with this zone (`601`–`604`).
    public var partition: Int?
    /// The `timestamp` of the event that last changed one of the above.
    public var since: Int64

    /// A zone closed, not in alarm, tampered, faulted or bypassed, as of `since`.
    public init(since: Int64) {
        self.since = since
    }
}
