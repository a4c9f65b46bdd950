internal import AlarmCore

extension PartitionStatus {
    /// The event type of the corrected TPI table (656, the exit delay, is `info`: `652` says armed).
    var eventType: EventType { entry.type }

    /// What the status says after `Partition 1 `, e.g. `exit delay in progress`.
    var text: String { entry.text }

    private var entry: (type: EventType, text: String) {
        switch self {
        case .ready: (.info, "ready")
        case .notReady: (.info, "not ready")
        case .readyToForceArm: (.info, "ready to force-arm")
        case .inAlarm: (.alarm, "in alarm")
        case .disarmed: (.disarmed, "disarmed")
        case .exitDelay: (.info, "exit delay in progress")
        case .entryDelay: (.info, "entry delay in progress")
        case .keypadLockout: (.alarm, "keypad lockout")
        case .armingFailed: (.fault, "failed to arm")
        case .pgmOutputInProgress: (.info, "PGM output in progress")
        case .chimeOn: (.info, "chime on")
        case .chimeOff: (.info, "chime off")
        case .invalidAccessCode: (.alarm, "invalid access code")
        case .functionNotAvailable: (.fault, "function not available")
        case .failureToArm: (.fault, "failure to arm")
        case .busy: (.fault, "busy")
        case .autoArmInProgress: (.info, "auto-arm in progress")
        case .specialClosing: (.info, "special closing")
        case .partialClosing: (.info, "partial closing (zones bypassed)")
        case .specialOpening: (.info, "special opening")
        case .troubleLEDOn: (.fault, "trouble LED on")
        case .troubleLEDOff: (.recovery, "trouble LED off")
        }
    }
}
