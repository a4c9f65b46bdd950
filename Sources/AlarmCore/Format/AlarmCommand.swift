#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// One command for the alarm integrator, as clients put it on the command tube.
///
/// A command is either a ``SimpleCommand`` (the same plain strings the original HowAlarming
/// accepted, also usable as the `code` of a JSON command) or a raw panel command with its data.
/// See `docs/event-format.md` for the full format.
///
/// - Important: the `data` of a raw command may carry alarm access codes. Never log it;
///   masking it is the integrator's job.
public struct AlarmCommand: Sendable, Hashable {
    /// What the integrator should do.
    public enum Action: Sendable, Hashable {
        /// A named, panel-independent command.
        case simple(SimpleCommand)
        /// A raw panel command: a 3-digit panel (Envisalink TPI) command code such as `"040"`,
        /// and its data, which may be empty. The data may contain access codes: never log it.
        case raw(code: String, data: String)
    }

    /// What the integrator should do.
    public var action: Action
    /// A human-readable reference for logs and the echo event, for example `"Arm from phone"`.
    public var message: String?
    /// The partition to act on, in ``FormatLimits/partitions``; `nil` means the integrator's default.
    public var partition: Int?
    /// A unique identifier; the integrator's echo and response events carry it as `command_id`.
    public var id: UUID?
    /// The name of the client that issued the command.
    public var source: String?
    /// When the command was issued, in Unix seconds.
    public var timestamp: Int64?
    /// An access code a person typed for this command (4–6 digits), only with `disarm`: the
    /// integrator disarms with it instead of its configured code. Never log it.
    public var accessCode: Secret?
    /// The zones to bypass or un-bypass, in ``FormatLimits/bypassZones``: only with `bypass` and
    /// `unbypass`, which need either these or a ``profile``.
    public var zones: [Int]?
    /// A bypass profile of the integrator's configuration (`envisalinkd.bypass.profiles`), instead
    /// of ``zones``: only with `bypass` and `unbypass`.
    public var profile: String?

    /// Creates a command; everything but the action is optional.
    public init(
        action: Action,
        message: String? = nil,
        partition: Int? = nil,
        id: UUID? = nil,
        source: String? = nil,
        timestamp: Int64? = nil,
        accessCode: Secret? = nil,
        zones: [Int]? = nil,
        profile: String? = nil
    ) {
        self.action = action
        self.message = message
        self.partition = partition
        self.id = id
        self.source = source
        self.timestamp = timestamp
        self.accessCode = accessCode
        self.zones = zones
        self.profile = profile
    }

    /// Creates a simple command, for example `.simple(.armStay, partition: 2)`.
    public static func simple(
        _ command: SimpleCommand,
        message: String? = nil,
        partition: Int? = nil,
        id: UUID? = nil,
        source: String? = nil,
        timestamp: Int64? = nil,
        accessCode: Secret? = nil,
        zones: [Int]? = nil,
        profile: String? = nil
    ) -> AlarmCommand {
        AlarmCommand(
            action: .simple(command), message: message, partition: partition,
            id: id, source: source, timestamp: timestamp, accessCode: accessCode, zones: zones, profile: profile
        )
    }

    /// Throws the first value that does not fit the format: a raw code that is not exactly three
    /// ASCII digits, raw data that is not printable ASCII or longer than
    /// ``FormatLimits/rawCommandDataMaxLength``, a partition outside ``FormatLimits/partitions``,
    /// a negative timestamp, an access code that is not 4–6 ASCII digits or comes with a
    /// command other than `disarm`, or zones and profiles that do not fit ``validateZones()``.
    /// Error messages never quote the raw data or the access code.
    public func validate() throws(FormatError) {
        try validateZones()
        if let accessCode {
            guard action == .simple(.disarm) else {
                throw FormatError(.accessCode, "only disarm takes an access code")
            }
            guard (4...6).contains(accessCode.value.utf8.count), accessCode.value.utf8.allSatisfy(Self.isASCIIDigit) else {
                throw FormatError(.accessCode, "must be 4 to 6 digits")
            }
        }
        if case .raw(let code, let data) = action {
            guard code.utf8.count == 3, code.utf8.allSatisfy(Self.isASCIIDigit) else {
                throw FormatError(
                    .code,
                    "expected a simple command (\(SimpleCommand.validNames)) or a 3-digit panel code, got \(Self.excerptUnlessDigits(code))"
                )
            }
            guard data.utf8.allSatisfy(Self.isPrintableASCII) else {
                throw FormatError(.data, "must be printable ASCII")
            }
            guard data.utf8.count <= FormatLimits.rawCommandDataMaxLength else {
                throw FormatError(.data, "must be at most \(FormatLimits.rawCommandDataMaxLength) characters, got \(data.utf8.count)")
            }
        }
        try FormatLimits.check(partition, in: FormatLimits.partitions, field: .partition)
        try FormatLimits.checkTimestamp(timestamp)
    }

    /// `bypass` and `unbypass` need either `zones` (1–64 zone numbers in
    /// ``FormatLimits/bypassZones``, none twice) or a `profile` (a name of 1–32 letters, digits,
    /// `_` and `-`); other commands take neither.
    private func validateZones() throws(FormatError) {
        guard case .simple(let command) = action, command.takesZones else {
            if zones != nil { throw FormatError(.zones, "only bypass and unbypass take zones") }
            if profile != nil { throw FormatError(.profile, "only bypass and unbypass take a profile") }
            return
        }
        switch (zones, profile) {
        case (nil, nil):
            throw FormatError(.zones, "\(command.rawValue) needs zones or a profile")
        case (_?, _?):
            throw FormatError(.profile, "give zones or a profile, not both")
        case let (zones?, nil):
            guard !zones.isEmpty else { throw FormatError(.zones, "must name at least one zone") }
            for zone in zones {
                try FormatLimits.check(zone, in: FormatLimits.bypassZones, field: .zones)
            }
            guard Set(zones).count == zones.count else { throw FormatError(.zones, "names a zone twice") }
        case let (nil, profile?):
            guard Self.isProfileName(profile) else {
                throw FormatError(
                    .profile,
                    "must be 1 to \(FormatLimits.profileNameMaxLength) letters, digits, _ and -, got \(Self.excerptUnlessDigits(profile))")
            }
        }
    }

    /// Whether `name` can name a bypass profile: 1–32 ASCII letters, digits, `_` and `-`.
    public static func isProfileName(_ name: String) -> Bool {
        (1...FormatLimits.profileNameMaxLength).contains(name.utf8.count)
            && name.utf8.allSatisfy { byte in
                isASCIIDigit(byte) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
                    || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
            }
    }

    /// `text` quoted for an error message, unless it contains digits: a mistyped command or code
    /// might hold an access code, and format errors are logged.
    static func excerptUnlessDigits(_ text: String) -> String {
        guard text.contains(where: \.isNumber) else { return text.quotedExcerpt() }
        return "a \(text.count)-character value (not shown: it contains digits)"
    }

    private static func isASCIIDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    private static func isPrintableASCII(_ byte: UInt8) -> Bool {
        (0x20...0x7E).contains(byte)
    }
}
