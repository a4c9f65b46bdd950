/// The keypad keys that bypass and un-bypass zones through the panel's `*1` menu.
///
/// In the menu, a zone's two digits *toggle* its bypass, so the keys depend on what is bypassed
/// now (the panel's last `616`): ``toggles(of:bypass:bypassedNow:)`` picks the zones to toggle,
/// ``commands(partition:toggling:)`` the `071` frames that toggle them.
public enum BypassKeys {
    /// The most keys one `071` frame carries.
    public static let keysPerFrame = 6

    /// The zones of `zones` whose bypass must toggle for all of them to end bypassed (`bypass`)
    /// or not, when `bypassedNow` are bypassed; in the order given.
    public static func toggles(of zones: [Int], bypass: Bool, bypassedNow: Set<Int>) -> [Int] {
        zones.filter { bypassedNow.contains($0) != bypass }
    }

    /// `071` key strings for `partition` that enter `*1`, toggle each zone (two digits each) and
    /// leave with `#` (the panel then reports its bypassed zones, `616`), cut into frames of at
    /// most ``keysPerFrame`` keys. With no zones, `*1#` alone: it only asks for the `616`.
    /// `menuAlone` sends `*1` in a frame of its own, for a panel that answers it with `900` and
    /// takes the zone keys only after the code (`200`). The zones must be 1–99; the frames are
    /// checked when encoded.
    public static func commands(partition: Int, toggling zones: [Int], menuAlone: Bool = false) -> [PanelCommand] {
        let menu = "*1", rest = zones.map { $0 < 10 ? "0\($0)" : String($0) }.joined() + "#"
        let frames = menuAlone ? [menu] + chunks(of: rest) : chunks(of: menu + rest)
        return frames.map { .keyString(partition: partition, keys: $0) }
    }

    /// `keys` cut into strings of at most ``keysPerFrame``.
    private static func chunks(of keys: String) -> [String] {
        stride(from: 0, to: keys.count, by: keysPerFrame).map { start in
            let from = keys.index(keys.startIndex, offsetBy: start)
            let to = keys.index(from, offsetBy: keysPerFrame, limitedBy: keys.endIndex) ?? keys.endIndex
            return String(keys[from..<to])
        }
    }
}
