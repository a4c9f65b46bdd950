public import EnvisalinkTPI

/// What the panel's messages tell about its zones and partitions, gathered over a while by
/// `howalarming-envisalink learn`: the TPI cannot list a panel's zones, but every zone that opens,
/// closes, alarms, is bypassed or has a running timer shows up in a message.
///
/// Pure: ``observe(_:)`` takes one decoded message; nothing here reads a clock or a socket.
public struct ZoneLearner: Sendable {
    /// What was learnt about one zone.
    public struct Zone: Sendable, Hashable {
        /// How many messages named the zone.
        public var sightings = 0
        /// The partitions of the messages that named one with the zone (`601`–`604`).
        public var partitions: Set<Int> = []
        /// Whether the last message about it said it was open (`609`, or a `615` timer of `FFFF`).
        public var open = false

        /// A zone seen `sightings` times, in `partitions`, open or not.
        public init(sightings: Int = 0, partitions: Set<Int> = [], open: Bool = false) {
            self.sightings = sightings
            self.partitions = partitions
            self.open = open
        }
    }

    /// The zones seen, by number.
    public private(set) var zones: [Int: Zone] = [:]
    /// The partitions a partition message named, by number, with whether the panel called the
    /// partition busy (`673`) every time: a busy-only partition may be one the panel does not use.
    public private(set) var partitions: [Int: Bool] = [:]

    /// Nothing learnt yet.
    public init() {}

    /// Takes one message from the panel into account.
    public mutating func observe(_ message: PanelMessage) {
        switch message {
        case let .zoneOpen(zone): see(zone, open: true)
        case let .zoneRestored(zone): see(zone, open: false)
        case let .zoneAlarm(partition, zone), let .zoneAlarmRestored(partition, zone),
             let .zoneTamper(partition, zone), let .zoneTamperRestored(partition, zone):
            see(zone, partition: partition)
        case let .zoneFault(zone), let .zoneFaultRestored(zone),
             let .wirelessZoneLowBattery(zone), let .wirelessZoneLowBatteryRestored(zone):
            see(zone)
        case let .zoneTimerDump(timers):
            // A timer of 0 is a zone that has not closed for hours, or none at all: not a sighting.
            for (index, timer) in timers.enumerated() where timer != 0 {
                see(index + 1, open: timer == 0xFFFF)
            }
        case let .bypassedZones(zones):
            for zone in zones.sorted() { see(zone) }
        case let .partition(status, partition):
            seePartition(partition, busy: status == .busy)
        case let .partitionArmed(partition, _), let .userClosing(partition, _), let .userOpening(partition, _):
            seePartition(partition, busy: false)
        default:
            break
        }
    }

    private mutating func see(_ number: Int, open: Bool? = nil, partition: Int? = nil) {
        var zone = zones[number] ?? Zone()
        zone.sightings += 1
        if let open { zone.open = open }
        if let partition {
            zone.partitions.insert(partition)
            seePartition(partition, busy: false)
        }
        zones[number] = zone
    }

    private mutating func seePartition(_ partition: Int, busy: Bool) {
        partitions[partition] = (partitions[partition] ?? true) && busy
    }
}
