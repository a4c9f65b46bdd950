import AlarmCore

extension PanelMessage {
    /// Decodes one frame from the Envisalink. Never fails: a code without a rule gives
    /// ``unknown(code:)``, and data that does not fit a known code gives ``malformed(code:reason:)``.
    ///
    /// Codes documented without data ignore any data they get (firmware differs, and an alarm
    /// must not be lost to a stray field); the frame keeps it. `832` is told apart by its length:
    /// empty is the IT-100's home-automation restore, a zone is the Envisalink's wireless-zone
    /// low battery.
    public static func decode(_ frame: TPIFrame) -> PanelMessage {
        guard let rule = rules[frame.code] else { return .unknown(code: frame.code) }
        do {
            return try rule(frame.data)
        } catch {
            return .malformed(code: frame.code, reason: error.reason)
        }
    }

    /// Turns a message's data into its value.
    private typealias Rule = @Sendable (String) throws(PanelDataProblem) -> PanelMessage

    /// One rule per code. The partition-only states, the key alarm pairs and the trouble pairs
    /// come from their enums.
    private static let rules: [String: Rule] = {
        var rules: [String: Rule] = [
            "500": custom(decodeCommandAccepted),
            "501": constant(.commandChecksumError),
            "502": custom(decodeSystemError),
            "505": custom(decodeLogin),
            "510": keypadLEDs(flashing: false),
            "511": keypadLEDs(flashing: true),
            "550": custom(decodeTimeBroadcast),
            "560": keepingData(PanelMessage.ringDetected),
            "561": keepingData(PanelMessage.indoorTemperature),
            "562": keepingData(PanelMessage.outdoorTemperature),
            "601": partitionAndZone(PanelMessage.zoneAlarm),
            "602": partitionAndZone(PanelMessage.zoneAlarmRestored),
            "603": partitionAndZone(PanelMessage.zoneTamper),
            "604": partitionAndZone(PanelMessage.zoneTamperRestored),
            "605": zoneOnly(PanelMessage.zoneFault),
            "606": zoneOnly(PanelMessage.zoneFaultRestored),
            "609": zoneOnly(PanelMessage.zoneOpen),
            "610": zoneOnly(PanelMessage.zoneRestored),
            "615": custom(decodeZoneTimerDump),
            "616": custom(decodeBypassedZones),
            "620": constant(.duressAlarm),
            "631": constant(.smokeAlarm),
            "632": constant(.smokeAlarmRestored),
            "652": custom(decodePartitionArmed),
            "680": constant(.installerMode),
            "700": partitionAndUser(PanelMessage.userClosing),
            "750": partitionAndUser(PanelMessage.userOpening),
            "849": custom(decodeVerboseTrouble),
            "900": custom(decodeCodeRequired),
            "912": custom(decodeCommandOutputPressed),
            "921": constant(.masterCodeRequired),
            "922": constant(.installerCodeRequired),
        ]
        for status in PartitionStatus.allCases {
            rules[status.code] = partitionOnly { .partition(status, partition: $0) }
        }
        for kind in PanicKind.allCases {
            rules[kind.alarmCode] = constant(.keyAlarm(kind))
            rules[kind.restoreCode] = constant(.keyAlarmRestored(kind))
        }
        for trouble in Trouble.allCases {
            rules[trouble.troubleCode] = constant(.trouble(trouble))
            if let restore = trouble.restoreCode { rules[restore] = constant(.troubleRestored(trouble)) }
        }
        rules["832"] = custom(decodeHomeAutomationRestoreOrWirelessZoneLowBattery)
        rules["833"] = zoneOnly(PanelMessage.wirelessZoneLowBatteryRestored)
        return rules
    }()

    // MARK: Rules shared by many codes

    /// A rule with a layout of its own. (Putting a typed-throws function straight into the table
    /// crashes the Swift 6.3 compiler; a closure around it does not.)
    private static func custom(_ decode: @escaping @Sendable (String) throws(PanelDataProblem) -> PanelMessage) -> Rule {
        { data throws(PanelDataProblem) in try decode(data) }
    }

    private static func constant(_ message: PanelMessage) -> Rule {
        { _ in message }
    }

    private static func keepingData(_ make: @escaping @Sendable (String) -> PanelMessage) -> Rule {
        { data in make(data) }
    }

    private static func partitionOnly(_ make: @escaping @Sendable (Int) -> PanelMessage) -> Rule {
        { data throws(PanelDataProblem) in
            var fields = try PanelFields(data, length: 1, layout: "partition")
            return make(try fields.partition())
        }
    }

    private static func zoneOnly(_ make: @escaping @Sendable (Int) -> PanelMessage) -> Rule {
        { data throws(PanelDataProblem) in
            var fields = try PanelFields(data, length: 3, layout: "zone")
            return make(try fields.zone())
        }
    }

    private static func partitionAndZone(_ make: @escaping @Sendable (Int, Int) -> PanelMessage) -> Rule {
        { data throws(PanelDataProblem) in
            var fields = try PanelFields(data, length: 4, layout: "partition and zone")
            return make(try fields.partition(), try fields.zone())
        }
    }

    private static func partitionAndUser(_ make: @escaping @Sendable (Int, Int) -> PanelMessage) -> Rule {
        { data throws(PanelDataProblem) in
            var fields = try PanelFields(data, length: 5, layout: "partition and user")
            return make(try fields.partition(), try fields.number("user", digits: 4, in: 0...9999))
        }
    }

    private static func keypadLEDs(flashing: Bool) -> Rule {
        { data throws(PanelDataProblem) in
            var fields = try PanelFields(data, length: 2, layout: "LED bits")
            return .keypadLEDs(KeypadLEDs(rawValue: try fields.hexByte("LED bits")), flashing: flashing)
        }
    }
}
