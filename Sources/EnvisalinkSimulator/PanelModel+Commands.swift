import EnvisalinkTPI

/// The client's commands, once logged in.
extension PanelModel {
    /// The answer to a command: `500CCC` (its code) first, then its results; or the `502` error
    /// alone, when the panel's state rejects it (nothing changes then).
    mutating func respond(to command: PanelCommand, at moment: Moment) -> [PanelEffect] {
        if Self.isKeypad(command), let last = lastKeypadCommand, moment.instant - last < configuration.keypadGap {
            return [.send(SystemError.keybusTransmitBufferOverrun.frame)]
        }
        do {
            let results = try transaction { (panel: inout PanelModel) throws(SystemError) in
                try panel.execute(command, at: moment)
            }
            return [.send(.simulated("500", command.code))] + results
        } catch {
            return [.send(error.frame)]
        }
    }

    private mutating func execute(_ command: PanelCommand, at moment: Moment) throws(SystemError) {
        switch command {
        case .poll, .keepAlive, .commandOutput:
            break
        case .singleKey(let key):
            lastKeypadCommand = moment.instant
            pressKeys(String(key), on: 1)
        case .login, .raw:
            // A second `005` once logged in: the reference is silent, so it is a syntax error here.
            // (A client's frame is never `raw`: ``PanelCommand/init(received:partitionCount:)``.)
            throw .syntaxError
        case .statusReport:
            sendStatusReport()
        case .dumpZoneTimers:
            sendZoneTimers(at: moment)
        case .setTime(let time):
            try setClock(to: time, at: moment)
        case .timestampControl(let on):
            timestamps = on
        case .timeBroadcast(let on):
            timeBroadcast = on
            if on { start(.timeBroadcast, after: configuration.timeBroadcastInterval) } else { cancel(.timeBroadcast) }
        case .temperatureBroadcast(let on):
            temperatureBroadcast = on
        case .panic(let kind):
            send(kind.alarmCode)
            send(kind.restoreCode)
        case .armAway(let partition):
            try quickArm(partition, mode: .away)
        case .armStay(let partition):
            try quickArm(partition, mode: .stay)
        case .armZeroEntry(let partition):
            try quickArm(partition, mode: .zeroEntryAway)
        case .armWithCode(let partition, let code):
            try requireReadyToArm(partition)
            guard let user = user(of: code) else { return send(.invalidAccessCode, partition: partition) }
            beginExitDelay(partition, mode: .away, closing: .user(user))
        case .disarm(let partition, let code):
            guard partitions[partition] != .disarmed else { throw .disarmWhileNotArmed }
            guard let user = user(of: code) else { return send(.invalidAccessCode, partition: partition) }
            disarm(partition, user: user)
        case .codeSend(let code):
            try sendCode(code)
        case .keyString(let partition, let keys):
            lastKeypadCommand = moment.instant
            pressKeys(keys, on: partition)
        }
    }

    /// `030`/`031`/`032`: arm at once, or ask for a code (`900`) when the configuration says so.
    private mutating func quickArm(_ partition: Int, mode: ArmMode) throws(SystemError) {
        try requireReadyToArm(partition)
        let needsCode = switch configuration.codeRequired {
        case .none: false
        case .zeroEntry: mode.hasNoEntryDelay
        case .all: true
        }
        guard needsCode else { return beginExitDelay(partition, mode: mode, closing: .special) }
        // The vendor's own trace (reference §3): `0321C6` → `5000322A` → `90099`.
        codeRequest = CodeRequest(partition: partition, mode: mode)
        send("900")
        start(.codeWindow, after: configuration.codeWindow)
    }

    /// `200`: the code for the arming or the bypass menu that asked with `900`, within the window.
    /// A wrong code gets `670` (invalid access code), and the keypad leaves the bypass menu.
    private mutating func sendCode(_ code: String) throws(SystemError) {
        guard let request = codeRequest else { throw .codeNotRequired }
        codeRequest = nil
        cancel(.codeWindow)
        guard let user = user(of: code) else {
            if request.mode == nil { keypads[request.partition] = nil }
            return send(.invalidAccessCode, partition: request.partition)
        }
        guard let mode = request.mode else {
            keypads[request.partition] = .bypassMenu(firstDigit: nil)
            return
        }
        guard partitions[request.partition] == .disarmed, isReady(request.partition) else {
            return send(.failureToArm, partition: request.partition)
        }
        beginExitDelay(request.partition, mode: mode, closing: .user(user))
    }

    private func requireReadyToArm(_ partition: Int) throws(SystemError) {
        guard partitions[partition] == .disarmed, isReady(partition) else { throw .notReadyToArm }
    }

    /// The user number of an access code, if it is one.
    private func user(of code: String) -> Int? {
        configuration.codesByUser.first { $0.value == code }?.key
    }

    /// Whether `command` presses keypad keys (`070`, `071`), which the keybus takes at its own pace.
    private static func isKeypad(_ command: PanelCommand) -> Bool {
        switch command {
        case .singleKey, .keyString: true
        default: false
        }
    }

    /// `070`/`071`: keys pressed on a partition's keypad, one by one. The `*1` bypass menu and the
    /// `*4` door chime are simulated: `*1` enters the menu, whether in one frame or several; then
    /// each two digits `zz` toggle the bypass of zone `zz` if it belongs to the partition and the
    /// partition is disarmed, and `#` leaves the menu and sends `616`. When
    /// ``SimulatorConfiguration/bypassCodeRequired``, `*1` asks for the code (`900`) instead, and
    /// the menu opens on a valid `200` within the code window; keys pressed meanwhile are not taken.
    /// `*4` toggles the partition's chime and sends `663` (on) or `664` (off). Other keys change nothing.
    private mutating func pressKeys(_ keys: String, on partition: Int) {
        for key in keys {
            press(key, on: partition)
        }
    }

    private mutating func press(_ key: Character, on partition: Int) {
        switch (keypads[partition], key) {
        case (.bypassMenu, "#"):
            keypads[partition] = nil
            sendBypassedZones()
        case (.bypassMenu(nil), _) where key.isASCIIDigit:
            keypads[partition] = .bypassMenu(firstDigit: key)
        case (.bypassMenu(let first?), _) where key.isASCIIDigit:
            keypads[partition] = .bypassMenu(firstDigit: nil)
            toggleBypass(ofZone: Int(String([first, key])) ?? 0, on: partition)
        case (.bypassMenu, _), (.bypassCode, _):
            break
        case (.star, "1") where configuration.bypassCodeRequired:
            keypads[partition] = .bypassCode
            codeRequest = CodeRequest(partition: partition, mode: nil)
            send("900")
            start(.codeWindow, after: configuration.codeWindow)
        case (.star, "1"):
            keypads[partition] = .bypassMenu(firstDigit: nil)
        case (.star, "4"):
            keypads[partition] = nil
            let on = chime.insert(partition).inserted
            if !on { chime.remove(partition) }
            send(on ? .chimeOn : .chimeOff, partition: partition)
        case (_, "*"):
            keypads[partition] = .star
        default:
            keypads[partition] = nil
        }
    }

    private mutating func toggleBypass(ofZone number: Int, on partition: Int) {
        guard partitions[partition] == .disarmed, zones[number]?.definition.partition == partition else { return }
        update(zone: number) { $0.isBypassed.toggle() }
    }
}

extension Character {
    /// `0`–`9`.
    fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
