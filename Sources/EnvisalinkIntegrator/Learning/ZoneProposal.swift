public import AlarmCore

/// The `envisalinkd` configuration that `howalarming-envisalink learn` proposes: `partitions` and a
/// `zones` entry for every zone seen, named as configured or with a placeholder to replace.
public struct ZoneProposal: Sendable {
    /// What was learnt.
    public var learner: ZoneLearner
    /// The zones already named in the configuration, whose names and types are kept.
    public var configured: (names: [Int: String], types: [Int: ZoneType])
    /// What the first comment line says the proposal covers, e.g. `"10 minutes from 2026-11-27 01:10 UTC"`.
    public var period: String

    /// A proposal from `learner`, keeping the names and types of `configured`.
    public init(learner: ZoneLearner, configured: (names: [Int: String], types: [Int: ZoneType]), period: String) {
        self.learner = learner
        self.configured = configured
        self.period = period
    }

    /// The placeholder name of an unnamed zone: `Zone 005`.
    public static func placeholder(_ zone: Int) -> String {
        "Zone \(zone.zeroPadded(3))"
    }

    /// The highest partition seen in use (not only ever busy), at least 1.
    public var partitionCount: Int {
        learner.partitions.filter { !$0.value }.keys.max() ?? 1
    }

    /// The proposal as YAML to put under `envisalinkd`, with comments saying what was seen.
    public var yaml: String {
        var lines = [
            "# Seen by `howalarming-envisalink learn` over \(period).",
            "# Name each zone (and give its type for Home Assistant: door, window, motion, smoke, …),",
            "# then put these keys under `envisalinkd:` in the configuration. A zone that did nothing",
            "# while learning is not listed: open and close it, or learn for longer.",
        ]
        let busyOnly = learner.partitions.filter(\.value).keys.sorted()
        if !busyOnly.isEmpty {
            lines.append("# Partitions the panel only ever called busy (673), perhaps not in use: \(busyOnly.map(String.init).joined(separator: ", ")).")
        }
        lines.append("partitions: \(partitionCount)")
        lines.append(learner.zones.isEmpty ? "zones: {}" : "zones:")
        for number in learner.zones.keys.sorted() {
            lines.append("  \(entry(number))  # \(remark(number))")
        }
        let unseen = configured.names.keys.filter { learner.zones[$0] == nil }.sorted()
        if !unseen.isEmpty {
            lines.append("# Configured but not seen while learning:")
            lines += unseen.map { "#  \(entry($0))" }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `"005": {name: "Back door", type: door}`.
    private func entry(_ zone: Int) -> String {
        let name = Self.quoted(configured.names[zone] ?? Self.placeholder(zone))
        let type = configured.types[zone].map { ", type: \($0.rawValue)" } ?? ""
        return "\"\(zone.zeroPadded(3))\": {name: \(name)\(type)}"
    }

    /// `partition 1; open; seen 3 times`: what the learner knows of the zone.
    private func remark(_ number: Int) -> String {
        guard let zone = learner.zones[number] else { return "" }
        var parts: [String] = []
        if !zone.partitions.isEmpty {
            parts.append((zone.partitions.count == 1 ? "partition " : "partitions ")
                + zone.partitions.sorted().map(String.init).joined(separator: ", "))
        }
        if zone.open { parts.append("open") }
        parts.append(zone.sightings == 1 ? "seen once" : "seen \(zone.sightings) times")
        if configured.names[number] == nil { parts.append("new") }
        return parts.joined(separator: "; ")
    }

    /// `text` as a YAML double-quoted scalar (a JSON string is one).
    private static func quoted(_ text: String) -> String {
        var bytes: [UInt8] = []
        JSONObjectWriter.write(string: text, into: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }
}
