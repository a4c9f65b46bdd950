import AlarmCore

/// What the events say about one partition: the command API's arming fact, and the console's
/// delay and readiness, each with the stamp of the event that said it last (`nil`: none yet).
struct PartitionRecord: Sendable {
    enum Arming: Sendable { case unknown, disarmed, armed(PartitionState), alarm }
    enum Delay: Sendable { case exit, entry }

    var arming = Arming.unknown
    var armingStamp: EventStamp?
    var delay: Delay?
    var delayStamp: EventStamp?
    var ready: Bool?
    var readyStamp: EventStamp?

    /// The state shown: alarm, then a delay, then the arming mode, then readiness.
    var state: PartitionState {
        switch (arming, delay) {
        case (.alarm, _): .alarm
        case (_, .exit): .exitDelay
        case (_, .entry): .entryDelay
        case (.armed(let mode), nil): mode
        case (.disarmed, nil): ready.map { $0 ? .ready : .notReady } ?? .disarmed
        case (.unknown, nil): .unknown
        }
    }
}

extension PanelState {
    /// The partition that events without one concern (the panel's first, as for commands).
    static let defaultPartition = 1
    /// Alarm codes that put a partition in alarm: partition in alarm, zone alarm.
    static let partitionAlarmCodes: Set = ["601", "654"]
    /// The ready codes, sent only for a disarmed partition: ready, not ready, ready to force-arm.
    static let readinessCodes: [String: Bool] = ["650": true, "651": false, "653": true]
    /// Codes that end an exit or entry delay: zone alarm, armed, in alarm, disarmed, failed to arm.
    static let delayEndingCodes: Set = ["601", "652", "654", "655", "659", "672"]

    func partitionChange(_ number: Int, from before: PartitionRecord?) -> [PanelChange] {
        guard let after = partitionRecords[number], after.state != before?.state else { return [] }
        return [.partition(number, after.state)]
    }

    /// The partition's change when `event` changes its state or its ``PartitionActivity`` (the
    /// same state again then: who changed it or the alarm memory is what changed).
    mutating func applyPartition(_ event: AlarmEvent, stamp: EventStamp) -> [PanelChange] {
        let changes = applyArming(event, stamp: stamp)
        let number = event.partition ?? Self.defaultPartition
        var activity = activities[number] ?? PartitionActivity()
        guard activity.apply(event) else { return changes }
        activities[number] = activity
        if changes.contains(where: { if case .partition(number, _) = $0 { true } else { false } }) { return changes }
        return changes + [.partition(number, partitionRecords[number]?.state ?? .unknown)]
    }

    private mutating func applyArming(_ event: AlarmEvent, stamp: EventStamp) -> [PanelChange] {
        let arming = Self.arming(of: event)
        let delay = Self.delay(of: event)
        let ready = Self.readinessCodes[event.code]
        guard arming != nil || delay != nil || ready != nil else {
            if let number = event.partition, partitionRecords[number] == nil {
                partitionRecords[number] = PartitionRecord()
                return [.partition(number, .unknown)]
            }
            return []
        }
        let number = event.partition ?? Self.defaultPartition
        let before = partitionRecords[number]
        var record = before ?? PartitionRecord()
        if let arming, stamp.supersedes(record.armingStamp) {
            record.arming = arming
            record.armingStamp = stamp
        }
        if let delay, stamp.supersedes(record.delayStamp) {
            record.delay = delay
            record.delayStamp = stamp
        }
        if let ready, stamp.supersedes(record.readyStamp) {
            record.ready = ready
            record.readyStamp = stamp
        }
        partitionRecords[number] = record
        return partitionChange(number, from: before)
    }

    /// The arming fact of `event`, as the command API's status takes it.
    private static func arming(of event: AlarmEvent) -> PartitionRecord.Arming? {
        switch event.type {
        case .armed: .armed(armedMode(message: event.message))
        case .disarmed: .disarmed
        case .alarm where partitionAlarmCodes.contains(event.code): .alarm
        case .info where readinessCodes[event.code] != nil: .disarmed
        default: nil
        }
    }

    /// The delay `event` starts (`.some(.exit)`, `.some(.entry)`) or ends (`.some(nil)`); `nil` when neither.
    private static func delay(of event: AlarmEvent) -> PartitionRecord.Delay?? {
        switch event.code {
        case "656": .some(.exit)
        case "657": .some(.entry)
        case _ where delayEndingCodes.contains(event.code): .some(nil)
        default: nil
        }
    }

    /// The mode a `652`'s message names: `Partition 1 armed (zero-entry away)`.
    private static func armedMode(message: String) -> PartitionState {
        if message.contains("(zero-entry stay)") { return .armedZeroEntryStay }
        if message.contains("(zero-entry away)") { return .armedZeroEntryAway }
        if message.contains("(stay)") { return .armedStay }
        if message.contains("(away)") { return .armedAway }
        return .armed
    }
}
