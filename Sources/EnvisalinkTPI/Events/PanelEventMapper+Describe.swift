internal import AlarmCore

extension PanelEventMapper {
    /// The type, text and fields of `message`: the mapping table of `docs/event-format.md`.
    func describe(_ message: PanelMessage) -> EventDescription {
        switch message {
        case let .commandAccepted(code): EventDescription(.response, "Command \(code) accepted")
        case .commandChecksumError: EventDescription(.fault, "Command rejected: bad checksum")
        case let .systemError(error): EventDescription(.fault, "System error \(error)")
        case let .login(status): Self.describe(status)
        case let .codeRequired(partition, digits): Self.describeCodeRequired(partition: partition, digits: digits)
        case .masterCodeRequired: EventDescription(.response, "Master code required")
        case .installerCodeRequired: EventDescription(.response, "Installer code required")

        case let .keypadLEDs(leds, flashing):
            EventDescription(.info, "Keypad LEDs\(flashing ? " flashing" : ""): \(Self.list(leds.names))", partition: 1)
        case let .timeBroadcast(time): EventDescription(.info, "Panel time \(time)")
        case .ringDetected: EventDescription(.info, "Ring detected")
        case let .indoorTemperature(data): EventDescription(.info, "Indoor temperature broadcast: \(data)")
        case let .outdoorTemperature(data): EventDescription(.info, "Outdoor temperature broadcast: \(data)")

        case let .zoneAlarm(partition, zone): describeZone(.alarm, "Zone alarm", zone, partition: partition)
        case let .zoneAlarmRestored(partition, zone): describeZone(.recovery, "Zone alarm restored", zone, partition: partition)
        case let .zoneTamper(partition, zone): describeZone(.alarm, "Zone tamper", zone, partition: partition)
        case let .zoneTamperRestored(partition, zone): describeZone(.recovery, "Zone tamper restored", zone, partition: partition)
        case let .zoneFault(zone): describeZone(.fault, "Zone fault", zone)
        case let .zoneFaultRestored(zone): describeZone(.recovery, "Zone fault restored", zone)
        case let .zoneOpen(zone): describeZone(.info, "Zone open", zone)
        case let .zoneRestored(zone): describeZone(.info, "Zone closed", zone)
        case let .wirelessZoneLowBattery(zone): describeZone(.fault, "Wireless zone low battery", zone)
        case let .wirelessZoneLowBatteryRestored(zone): describeZone(.recovery, "Wireless zone battery restored", zone)
        case let .zoneTimerDump(timers): EventDescription(.info, "Zone timers: open: \(list(zones: Self.openZones(timers)))")
        case let .bypassedZones(zones): EventDescription(.info, "Bypassed zones: \(list(zones: zones.sorted()))")

        case .duressAlarm: EventDescription(.alarm, "Duress alarm")
        case let .keyAlarm(kind): EventDescription(.alarm, "\(Self.keyName(kind)) key alarm")
        case let .keyAlarmRestored(kind): EventDescription(.recovery, "\(Self.keyName(kind)) key alarm restored")
        case .smokeAlarm: EventDescription(.alarm, "Smoke/auxiliary alarm")
        case .smokeAlarmRestored: EventDescription(.recovery, "Smoke/auxiliary alarm restored")
        case .installerMode: EventDescription(.alarm, "Installer mode")

        case let .partition(status, partition):
            EventDescription(status.eventType, "Partition \(partition) \(status.text)", partition: partition)
        case let .partitionArmed(partition, mode): EventDescription(.armed, "Partition \(partition) armed (\(mode))", partition: partition)
        case let .userClosing(partition, user):
            EventDescription(.info, "Partition \(partition) armed by \(userText(user))", partition: partition, user: user)
        case let .userOpening(partition, user):
            EventDescription(.info, "Partition \(partition) disarmed by \(userText(user))", partition: partition, user: user)
        case let .commandOutputPressed(partition, pgm):
            EventDescription(.response, "Partition \(partition) command output \(pgm) pressed", partition: partition)

        case let .trouble(trouble): EventDescription(trouble.eventType, trouble.text)
        case let .troubleRestored(trouble): EventDescription(.recovery, trouble.restoreText)
        case let .verboseTrouble(bits): EventDescription(bits.isEmpty ? .info : .fault, "Trouble: \(Self.list(bits.names))")

        case let .unknown(code): EventDescription(.unknown, "Unknown panel message \(code)")
        case let .malformed(code, reason): EventDescription(.unknown, "Malformed panel message \(code): \(reason)")
        }
    }

    private func describeZone(_ type: EventType, _ what: String, _ zone: Int, partition: Int? = nil) -> EventDescription {
        EventDescription(type, "\(what): \(zoneName(zone))", partition: partition, zone: zone)
    }

    private func list(zones: [Int]) -> String {
        Self.list(zones.map(zoneName))
    }

    /// The zones whose timer reads `FFFF` (open), numbered from 1.
    private static func openZones(_ timers: [UInt16]) -> [Int] {
        timers.indices.filter { timers[$0] == 0xFFFF }.map { $0 + 1 }
    }

    private static func list(_ names: [String]) -> String {
        names.isEmpty ? "none" : names.joined(separator: ", ")
    }

    private static func describe(_ status: LoginStatus) -> EventDescription {
        switch status {
        case .failed: EventDescription(.fault, "Login failed: wrong password")
        case .succeeded: EventDescription(.info, "Login succeeded")
        case .timedOut: EventDescription(.fault, "Login timed out")
        case .passwordRequested: EventDescription(.response, "Password requested")
        }
    }

    private static func describeCodeRequired(partition: Int?, digits: Int?) -> EventDescription {
        guard let partition, let digits else { return EventDescription(.response, "Code required") }
        return EventDescription(.response, "Code required: partition \(partition), \(digits) digits", partition: partition)
    }

    private static func keyName(_ kind: PanicKind) -> String {
        switch kind {
        case .fire: "Fire"
        case .ambulance: "Auxiliary"
        case .police: "Panic"
        }
    }
}
