/// The partition messages that carry nothing but the partition digit; the raw value is the code.
///
/// `652` (armed, with a mode) and `700`/`750` (with a user) have their own ``PanelMessage`` cases.
public enum PartitionStatus: String, Sendable, Hashable, CaseIterable {
    /// `650`: ready to arm.
    case ready = "650"
    /// `651`: not ready to arm (a zone is open).
    case notReady = "651"
    /// `653`: ready to force-arm (open zones will be bypassed).
    case readyToForceArm = "653"
    /// `654`: in alarm.
    case inAlarm = "654"
    /// `655`: disarmed.
    case disarmed = "655"
    /// `656`: the exit delay is running (the partition is not armed yet: `652` follows).
    case exitDelay = "656"
    /// `657`: the entry delay is running.
    case entryDelay = "657"
    /// `658`: the keypad is locked out after too many wrong codes.
    case keypadLockout = "658"
    /// `659`: the partition failed to arm.
    case armingFailed = "659"
    /// `660`: a PGM output is in progress.
    case pgmOutputInProgress = "660"
    /// `663`: the door chime was turned on.
    case chimeOn = "663"
    /// `664`: the door chime was turned off.
    case chimeOff = "664"
    /// `670`: an invalid access code was entered.
    case invalidAccessCode = "670"
    /// `671`: the function is not available.
    case functionNotAvailable = "671"
    /// `672`: failure to arm.
    case failureToArm = "672"
    /// `673`: the partition is busy.
    case busy = "673"
    /// `674`: auto-arming is in progress.
    case autoArmInProgress = "674"
    /// `701`: special closing (armed by keyswitch, quick-arm or auto-arm).
    case specialClosing = "701"
    /// `702`: partial closing (armed with zones bypassed).
    case partialClosing = "702"
    /// `751`: special opening (disarmed by keyswitch or another special means).
    case specialOpening = "751"
    /// `840`: the trouble LED came on.
    case troubleLEDOn = "840"
    /// `841`: the trouble LED went off.
    case troubleLEDOff = "841"

    /// The message code, e.g. `"650"`.
    public var code: String { rawValue }
}
