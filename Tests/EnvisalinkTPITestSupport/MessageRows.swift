import AlarmCore
import EnvisalinkTPI

/// Every code of the TPI reference (§3 and §6), with the event it maps to.
extension MessageRow {
    package static let acknowledgements: [MessageRow] = [
        .session("500030", .commandAccepted(code: "030"), .response, "Command 030 accepted"),
        .session("501", .commandChecksumError, .fault, "Command rejected: bad checksum"),
        .session("502023", .systemError(SystemError(code: 23)), .fault, "System error 023: disarm while not armed"),
        .session("5050", .login(.failed), .fault, "Login failed: wrong password"),
        .session("5051", .login(.succeeded), .info, "Login succeeded"),
        .session("5052", .login(.timedOut), .fault, "Login timed out"),
        .session("5053", .login(.passwordRequested), .response, "Password requested"),
        .session("900", .codeRequired(partition: nil, digits: nil), .response, "Code required"),
        .session("90014", .codeRequired(partition: 1, digits: 4), .response, "Code required: partition 1, 4 digits", partition: 1),
        .session("921", .masterCodeRequired, .response, "Master code required"),
        .session("922", .installerCodeRequired, .response, "Installer code required"),
    ]

    package static let broadcasts: [MessageRow] = [
        .event("51081", .keypadLEDs([.ready, .backlight], flashing: false), .info, "Keypad LEDs: ready, backlight", partition: 1),
        .event("51102", .keypadLEDs(.armed, flashing: true), .info, "Keypad LEDs flashing: armed", partition: 1),
        .event(
            "5502359123124", .timeBroadcast(PanelDateTime(year: 2024, month: 12, day: 31, hour: 23, minute: 59)), .info,
            "Panel time 2024-12-31 23:59"),
        .event("560", .ringDetected(data: ""), .info, "Ring detected"),
        .event("5611072", .indoorTemperature(data: "1072"), .info, "Indoor temperature broadcast: 1072"),
        .event("5622032", .outdoorTemperature(data: "2032"), .info, "Outdoor temperature broadcast: 2032"),
    ]

    package static let zones: [MessageRow] = [
        .zone("6011001", .zoneAlarm(partition: 1, zone: 1), .alarm, "Zone alarm", zone: 1, partition: 1),
        .zone("6022005", .zoneAlarmRestored(partition: 2, zone: 5), .recovery, "Zone alarm restored", zone: 5, partition: 2),
        .zone("6038128", .zoneTamper(partition: 8, zone: 128), .alarm, "Zone tamper", zone: 128, partition: 8),
        .zone("6041012", .zoneTamperRestored(partition: 1, zone: 12), .recovery, "Zone tamper restored", zone: 12, partition: 1),
        .zone("605001", .zoneFault(zone: 1), .fault, "Zone fault", zone: 1),
        .zone("606001", .zoneFaultRestored(zone: 1), .recovery, "Zone fault restored", zone: 1),
        .zone("609012", .zoneOpen(zone: 12), .info, "Zone open", zone: 12),
        .zone("610064", .zoneRestored(zone: 64), .info, "Zone closed", zone: 64),
        .event("615FFFF01000000FFFF", .zoneTimerDump([0xFFFF, 1, 0, 0xFFFF]), .info, "Zone timers: open: Front door, zone 004"),
        .event("6160100000000000080", .bypassedZones([1, 64]), .info, "Bypassed zones: Front door, zone 064"),
        .zone("832005", .wirelessZoneLowBattery(zone: 5), .fault, "Wireless zone low battery", zone: 5),
        .zone("833005", .wirelessZoneLowBatteryRestored(zone: 5), .recovery, "Wireless zone battery restored", zone: 5),
    ]

    package static let alarms: [MessageRow] = [
        .event("620", .duressAlarm, .alarm, "Duress alarm"),
        .event("621", .keyAlarm(.fire), .alarm, "Fire key alarm"),
        .event("622", .keyAlarmRestored(.fire), .recovery, "Fire key alarm restored"),
        .event("623", .keyAlarm(.ambulance), .alarm, "Auxiliary key alarm"),
        .event("624", .keyAlarmRestored(.ambulance), .recovery, "Auxiliary key alarm restored"),
        .event("625", .keyAlarm(.police), .alarm, "Panic key alarm"),
        .event("626", .keyAlarmRestored(.police), .recovery, "Panic key alarm restored"),
        .event("631", .smokeAlarm, .alarm, "Smoke/auxiliary alarm"),
        .event("632", .smokeAlarmRestored, .recovery, "Smoke/auxiliary alarm restored"),
        .event("680", .installerMode, .alarm, "Installer mode"),
    ]

    package static let partitions: [MessageRow] = [
        .partition("6501", .ready, .info, "ready"),
        .partition("6512", .notReady, .info, "not ready"),
        .event("65211", .partitionArmed(partition: 1, mode: .stay), .armed, "Partition 1 armed (stay)", partition: 1),
        .partition("6533", .readyToForceArm, .info, "ready to force-arm"),
        .partition("6544", .inAlarm, .alarm, "in alarm"),
        .partition("6555", .disarmed, .disarmed, "disarmed"),
        .partition("6566", .exitDelay, .info, "exit delay in progress"),
        .partition("6577", .entryDelay, .info, "entry delay in progress"),
        .partition("6588", .keypadLockout, .alarm, "keypad lockout"),
        .partition("6591", .armingFailed, .fault, "failed to arm"),
        .partition("6601", .pgmOutputInProgress, .info, "PGM output in progress"),
        .partition("6631", .chimeOn, .info, "chime on"),
        .partition("6641", .chimeOff, .info, "chime off"),
        .partition("6701", .invalidAccessCode, .alarm, "invalid access code"),
        .partition("6711", .functionNotAvailable, .fault, "function not available"),
        .partition("6721", .failureToArm, .fault, "failure to arm"),
        .partition("6731", .busy, .fault, "busy"),
        .partition("6741", .autoArmInProgress, .info, "auto-arm in progress"),
        .event("70010012", .userClosing(partition: 1, user: 12), .info, "Partition 1 armed by user 12", partition: 1, user: 12),
        .partition("7012", .specialClosing, .info, "special closing"),
        .partition("7023", .partialClosing, .info, "partial closing (zones bypassed)"),
        .event("75020040", .userOpening(partition: 2, user: 40), .info, "Partition 2 disarmed by user 40", partition: 2, user: 40),
        .partition("7514", .specialOpening, .info, "special opening"),
        .partition("8401", .troubleLEDOn, .fault, "trouble LED on"),
        .partition("8411", .troubleLEDOff, .recovery, "trouble LED off"),
        .event("91212", .commandOutputPressed(partition: 1, pgm: 2), .response, "Partition 1 command output 2 pressed", partition: 1),
    ]

    package static let troubles: [MessageRow] = [
        .event("800", .trouble(.panelBattery), .fault, "Panel battery trouble"),
        .event("801", .troubleRestored(.panelBattery), .recovery, "Panel battery restored"),
        .event("802", .trouble(.acPower), .fault, "AC power lost"),
        .event("803", .troubleRestored(.acPower), .recovery, "AC power restored"),
        .event("806", .trouble(.bell), .fault, "Bell trouble"),
        .event("807", .troubleRestored(.bell), .recovery, "Bell restored"),
        .event("810", .trouble(.phoneLine1), .fault, "Phone line 1 trouble"),
        .event("811", .troubleRestored(.phoneLine1), .recovery, "Phone line 1 restored"),
        .event("812", .trouble(.phoneLine2), .fault, "Phone line 2 trouble"),
        .event("813", .troubleRestored(.phoneLine2), .recovery, "Phone line 2 restored"),
        .event("814", .trouble(.communication), .fault, "Failure to communicate"),
        .event("815", .troubleRestored(.communication), .recovery, "Communication restored"),
        .event("816", .trouble(.eventBufferNearFull), .fault, "Event buffer near full"),
        .event("821", .trouble(.deviceLowBattery), .fault, "Device low battery"),
        .event("822", .troubleRestored(.deviceLowBattery), .recovery, "Device battery restored"),
        .event("825", .trouble(.wirelessKeyLowBattery), .fault, "Wireless key low battery"),
        .event("826", .troubleRestored(.wirelessKeyLowBattery), .recovery, "Wireless key battery restored"),
        .event("827", .trouble(.handheldKeypadLowBattery), .fault, "Handheld keypad low battery"),
        .event("828", .troubleRestored(.handheldKeypadLowBattery), .recovery, "Handheld keypad battery restored"),
        .event("829", .trouble(.systemTamper), .alarm, "System tamper"),
        .event("830", .troubleRestored(.systemTamper), .recovery, "System tamper restored"),
        .event("831", .trouble(.homeAutomation), .fault, "Home automation trouble"),
        .event("832", .troubleRestored(.homeAutomation), .recovery, "Home automation restored"),
        .event("842", .trouble(.fire), .alarm, "Fire trouble"),
        .event("843", .troubleRestored(.fire), .recovery, "Fire trouble restored"),
        .event("84903", .verboseTrouble([.serviceRequired, .acPowerLost]), .fault, "Trouble: service required, AC lost"),
        .event("896", .trouble(.keybus), .fault, "Keybus fault"),
        .event("897", .troubleRestored(.keybus), .recovery, "Keybus restored"),
    ]

    package static let unknown: [MessageRow] = [
        .event("999", .unknown(code: "999"), .unknown, "Unknown panel message 999"),
        .event("123ABC", .unknown(code: "123"), .unknown, "Unknown panel message 123"),
    ]

    package static let all = acknowledgements + broadcasts + zones + alarms + partitions + troubles + unknown
}
