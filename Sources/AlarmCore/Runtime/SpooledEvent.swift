import Beanstalk

/// An event waiting in the spool, with the tubes it must not be put on.
///
/// A spool line is the event's canonical JSON; when some tubes are excluded, the object carries
/// one more member, `spool_except` (the tube names, comma-separated: a tube name has no comma).
/// A line without it (as every spool written before exclusions existed) goes to every tube.
/// The member never reaches a tube: events are published re-encoded from ``AlarmEvent``, whose
/// decoding ignores it.
struct SpooledEvent: Equatable {
    static let exclusionKey = "spool_except"

    var event: AlarmEvent
    var excludedTubes: Set<TubeName>

    /// The line for the spool file, without its newline.
    func line() -> [UInt8] {
        var bytes = event.jsonBytes()
        guard !excludedTubes.isEmpty else { return bytes }
        bytes.removeLast()  // the closing brace
        bytes.append(UInt8(ascii: ","))
        JSONObjectWriter.write(string: Self.exclusionKey, into: &bytes)
        bytes.append(UInt8(ascii: ":"))
        JSONObjectWriter.write(string: excludedTubes.sorted().map(\.rawValue).joined(separator: ","), into: &bytes)
        bytes.append(UInt8(ascii: "}"))
        return bytes
    }

    /// Reads a spool line.
    /// - Throws: a ``FormatError`` when the line is not an event, or names a tube that cannot be one.
    init(line: some Collection<UInt8>) throws(FormatError) {
        let text = try JSONObject.text(ofJobBody: line)
        event = try AlarmEvent.decode(json: text)
        let names = try decodeJSONObject(Exclusions.self, from: text).names
        excludedTubes = []
        for name in names?.split(separator: ",") ?? [] {
            guard let tube = try? TubeName(String(name)) else {
                throw FormatError(field: nil, reason: "\(Self.exclusionKey) names no tube: \(String(name).quotedExcerpt())")
            }
            excludedTubes.insert(tube)
        }
    }

    init(event: AlarmEvent, excludedTubes: Set<TubeName>) {
        self.event = event
        self.excludedTubes = excludedTubes
    }

    private struct Exclusions: Decodable {
        let names: String?
        enum CodingKeys: String, CodingKey { case names = "spool_except" }
    }
}
