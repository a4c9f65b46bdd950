import AlarmCore
import EnvisalinkTPI

/// What the operator (control port, stdin, tests) does to the panel: zones and troubles.
extension PanelModel {
    /// Opens a zone: `609`; an armed zone starts the entry delay or alarms. Nothing if already open.
    mutating func openZone(_ number: Int) -> [PanelEffect] {
        change { panel in panel.open(number) }
    }

    /// Closes a zone: `610`, and its zone timer starts counting down. Nothing if already closed.
    mutating func closeZone(_ number: Int, at moment: Moment) -> [PanelEffect] {
        change { panel in
            guard panel.zones[number]?.isOpen == true else { return }
            panel.update(zone: number) { zone in
                zone.isOpen = false
                zone.closedAt = moment.instant
            }
            panel.send("610", number.zeroPadded(3))
        }
    }

    /// Opens an armed zone (if it is not open) and alarms at once, skipping the entry delay.
    /// - Returns: `nil`, changing nothing, if the zone is not armed.
    mutating func alarmZone(_ number: Int) -> [PanelEffect]? {
        guard isArmed(zone: number), let partition = zones[number]?.definition.partition,
              let mode = partitions[partition]?.mode else { return nil }
        return change { panel in
            if panel.zones[number]?.isOpen == false {
                panel.update(zone: number) { $0.isOpen = true }
                panel.send("609", number.zeroPadded(3))
            }
            if case .alarm = panel.partitions[partition] {
                panel.send("601", "\(partition)\(number.zeroPadded(3))")
            } else {
                panel.goIntoAlarm(partition, mode: mode, zone: number)
            }
        }
    }

    /// Raises or clears a trouble: `800`/`801` (battery) or `802`/`803` (AC), then `849`, the
    /// trouble LED and `510` as they change; `849` repeats while any trouble lasts.
    mutating func setTrouble(_ trouble: SimulatedTrouble, on: Bool) -> [PanelEffect] {
        change { panel in
            guard panel.troubles.contains(trouble) != on else { return }
            let hadTroubles = !panel.troubles.isEmpty
            if on { panel.troubles.insert(trouble) } else { panel.troubles.remove(trouble) }
            if let code = on ? trouble.panelTrouble.troubleCode : trouble.panelTrouble.restoreCode { panel.send(code) }
            if panel.troubles.isEmpty {
                panel.cancel(.troubleRepeat)
            } else if !hadTroubles {
                panel.start(.troubleRepeat, after: panel.configuration.troubleRepeatInterval)
            }
        }
    }

    private mutating func open(_ number: Int) {
        guard let zone = zones[number], !zone.isOpen else { return }
        update(zone: number) { $0.isOpen = true }
        send("609", number.zeroPadded(3))
        if isArmed(zone: number) { armedZoneOpened(number, partition: zone.definition.partition) }
    }
}
