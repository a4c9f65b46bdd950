/// The frames an EVL sends its TPI client about the session and the client's commands
/// (reference §2 and §3): what the simulated EVL and the integrator's proxy both answer with.
public enum EVLFrames {
    /// `505` 3: the EVL asks for the password, first thing on a new connection.
    public static let passwordRequest = TPIFrame(validCode: "505", data: "3")
    /// `505` 1: logged in.
    public static let loginAccepted = TPIFrame(validCode: "505", data: "1")
    /// `505` 0: wrong password; the EVL closes the connection after it.
    public static let loginRefused = TPIFrame(validCode: "505", data: "0")
    /// `505` 2: no password within the login window; the EVL closes the connection after it.
    public static let loginTimedOut = TPIFrame(validCode: "505", data: "2")
    /// `501`: the client's last line had a bad checksum.
    public static let badChecksum = TPIFrame(validCode: "501", data: "")

    /// How long a client has to log in before `505` 2 (DOC §2.2).
    public static let loginWindow = Duration.seconds(10)
    /// The longest password the EVL answers: a longer `005` gets no answer at all (envisalink_new#69).
    public static let maximumPasswordLength = 6

    /// `500` + `code`: the command `code` was accepted (`5000052A` acknowledges a login).
    public static func accepted(_ code: String) -> TPIFrame {
        TPIFrame(validCode: "500", data: code)
    }

    /// `615`: the zone timers `timers`, zone 1 first.
    public static func zoneTimers(_ timers: [UInt16]) -> TPIFrame {
        TPIFrame(validCode: "615", data: PanelMessage.tpiData(zoneTimers: timers))
    }

    /// A zone's timer in a `615`: `FFFF` while open, then one less per 5 s since it closed
    /// (`closedFor`, never below 0); `0000` when it has not been seen open (`closedFor` `nil`).
    public static func zoneTimer(isOpen: Bool, closedFor: Duration?) -> UInt16 {
        if isOpen { return 0xFFFF }
        guard let closedFor else { return 0 }
        let steps = Int((closedFor / .seconds(5)).rounded(.down))
        return UInt16(max(0, 0xFFFE - steps))
    }
}

extension SystemError {
    /// The `502` frame an EVL answers with, e.g. `502024` for ``notReadyToArm``.
    public var frame: TPIFrame { TPIFrame(validCode: "502", data: tpiData) }
}
