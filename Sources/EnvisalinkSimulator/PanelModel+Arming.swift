import AlarmCore
import EnvisalinkTPI

/// Arming, the entry delay, alarms, disarming, and the timers that drive them.
extension PanelModel {
    /// Starts the exit delay (`656`); ``timerFired(_:at:)`` arms when it ends.
    mutating func beginExitDelay(_ partition: Int, mode: ArmMode, closing: Closing) {
        partitions[partition] = .exitDelay(mode, closing)
        alarmMemory.remove(partition)
        send(.exitDelay, partition: partition)
        start(.exitDelay(partition: partition), after: configuration.exitDelay)
    }

    /// Disarms (`750` user opening, `655` disarmed), ending any delay or alarm, and clears the
    /// bypass of the partition's zones, as a DSC panel does (it sends no `616` for that).
    mutating func disarm(_ partition: Int, user: Int) {
        switch partitions[partition] {
        case .exitDelay: cancel(.exitDelay(partition: partition))
        case .entryDelay: cancel(.entryDelay(partition: partition))
        default: break
        }
        partitions[partition] = .disarmed
        for number in zones.keys where zones[number]?.definition.partition == partition {
            update(zone: number) { $0.isBypassed = false }
        }
        send("750", "\(partition)\(user.zeroPadded(4))")
        send(.disarmed, partition: partition)
    }

    /// An armed zone opened: the entry delay (`657`) starts, or in a zero-entry mode the alarm.
    /// During an alarm the zone alarms too (`601`).
    mutating func armedZoneOpened(_ number: Int, partition: Int) {
        switch partitions[partition] {
        case .armed(let mode) where mode.hasNoEntryDelay:
            goIntoAlarm(partition, mode: mode, zone: number)
        case .armed(let mode):
            partitions[partition] = .entryDelay(mode, zone: number)
            send(.entryDelay, partition: partition)
            start(.entryDelay(partition: partition), after: configuration.entryDelay)
        case .alarm:
            send("601", "\(partition)\(number.zeroPadded(3))")
        default:
            break
        }
    }

    /// The partition goes into alarm because of `zone`: `601` then `654`.
    mutating func goIntoAlarm(_ partition: Int, mode: ArmMode, zone: Int) {
        if case .entryDelay = partitions[partition] { cancel(.entryDelay(partition: partition)) }
        partitions[partition] = .alarm(mode)
        alarmMemory.insert(partition)
        send("601", "\(partition)\(zone.zeroPadded(3))")
        send(.inAlarm, partition: partition)
    }

    /// Carries out what a timer's end means; a timer whose state has gone does nothing.
    mutating func timerFired(_ timer: PanelTimer, at moment: Moment) -> [PanelEffect] {
        change { panel in
            switch timer {
            case .exitDelay(let partition):
                panel.finishExitDelay(partition)
            case .entryDelay(let partition):
                guard case .entryDelay(let mode, let zone) = panel.partitions[partition] else { return }
                panel.goIntoAlarm(partition, mode: mode, zone: zone)
            case .codeWindow:
                if let request = panel.codeRequest, request.mode == nil { panel.keypads[request.partition] = nil }
                panel.codeRequest = nil
            case .timeBroadcast:
                guard panel.timeBroadcast else { return }
                panel.send("550", panel.panelTime(at: moment).tpiData)
                panel.start(.timeBroadcast, after: panel.configuration.timeBroadcastInterval)
            case .troubleRepeat:
                guard !panel.troubleBits.isEmpty else { return }
                panel.send("849", panel.troubleBits.tpiData)
                panel.start(.troubleRepeat, after: panel.configuration.troubleRepeatInterval)
            }
        }
    }

    /// The exit delay is over: armed (`652`), then the closing (`700` user / `701` special).
    /// A zone still open then counts as opening.
    private mutating func finishExitDelay(_ partition: Int) {
        guard case .exitDelay(let mode, let closing) = partitions[partition] else { return }
        partitions[partition] = .armed(mode)
        send("652", "\(partition)\(mode.digit)")
        switch closing {
        case .user(let user): send("700", "\(partition)\(user.zeroPadded(4))")
        case .special: send(.specialClosing, partition: partition)
        }
        let open = zones.keys.sorted().first { number in
            zones[number].map { $0.definition.partition == partition && $0.isOpen } == true && isArmed(zone: number)
        }
        if let open {
            armedZoneOpened(open, partition: partition)
        }
    }

}
