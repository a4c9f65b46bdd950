/// Everything that shapes a simulated EVL-4 and its DSC panel.
///
/// The defaults are a real EVL's (`user` password, port 4025, 10 s login window) on the
/// loopback interface, with one partition, zones 1–8 and master code `1234`.
public struct SimulatorConfiguration: Sendable, Hashable {
    /// Which arming commands the panel answers with `900` (code required) instead of arming.
    public enum CodeRequirement: String, Sendable, Hashable {
        /// Quick arm is enabled: `030`, `031` and `032` arm without a code.
        case none
        /// Only zero-entry arming (`032`, the keypad's `*9`) asks for a code.
        case zeroEntry = "zero-entry"
        /// Quick arm is disabled: `030`, `031` and `032` all ask for a code.
        case all
    }

    /// The user number DSC panels give the master code (reported in `700`/`750`).
    public static let masterUser = 40
    /// The user numbers other codes may have.
    public static let userNumbers = 1...95
    /// The zone numbers the simulated panel has (a `615` dump covers these 64).
    public static let zoneNumbers = 1...64
    /// The partition numbers a DSC panel has.
    public static let partitionNumbers = 1...8

    /// The address the TPI server listens on (`127.0.0.1`).
    public var host = "127.0.0.1"
    /// The TPI port; 0 picks a free one (default 4025).
    public var port = 4025
    /// Allows a non-loopback ``host``: without it the simulator refuses to listen beyond this machine.
    public var allowRemote = false
    /// The TPI password, 1–6 characters (the EVL's factory default `user`).
    public var password = "user"
    /// The master code (user 40), 4–6 digits.
    public var masterCode = "1234"
    /// Further access codes by user number (1–95, not 40), 4–6 digits each.
    public var userCodes: [Int: String] = [:]
    /// The zones, numbered 1–64.
    public var zones: [SimulatedZone] = (1...8).map { SimulatedZone(number: $0) }
    /// How many partitions the panel has (1–8); zones belong to partition 1 unless they say otherwise.
    public var partitionCount = 1
    /// Exit delay between an arming command and `652` (armed).
    public var exitDelay: Duration = .seconds(30)
    /// Entry delay between an armed zone opening and the alarm (`601`/`654`).
    public var entryDelay: Duration = .seconds(30)
    /// How long a new client has to send `005` before it gets `5052` and is disconnected.
    public var loginTimeout: Duration = .seconds(10)
    /// Which arming commands answer `900` and wait for a `200` code.
    public var codeRequired: CodeRequirement = .none
    /// Whether the `*1` bypass menu needs a code, as a panel programmed to require one for
    /// bypassing: `*1` answers `900`, and the menu opens only after a `200` with a valid code.
    public var bypassCodeRequired = false
    /// How long after a `900` the panel accepts `200`; later it answers `502026`.
    public var codeWindow: Duration = .seconds(30)
    /// The least time between two keypad commands (`070`/`071`): one that comes sooner after the
    /// last accepted one gets `502010` (keybus transmit buffer overrun) and changes nothing, as a
    /// real keybus drops keys sent faster than about 1.5–3 s apart. Zero (the default) takes keys at any pace.
    public var keypadGap: Duration = .zero
    /// The control port on 127.0.0.1 (0 picks a free one); `nil` for none.
    public var controlPort: Int?
    /// The pause between the two writes of a frame after the `split` control command.
    public var splitPause: Duration = .milliseconds(200)
    /// How often `550` (time broadcast) is sent while `056` has it on.
    public var timeBroadcastInterval: Duration = .seconds(240)
    /// How often `849` (verbose trouble) is repeated while a trouble lasts.
    public var troubleRepeatInterval: Duration = .seconds(300)

    /// The defaults.
    public init() {}

    /// Zones named `Zone 1` … `Zone count`, all in partition 1.
    public static func numberedZones(_ count: Int) -> [SimulatedZone] {
        count < 1 ? [] : (1...count).map { SimulatedZone(number: $0) }
    }

    /// Checks every setting, so a simulator never starts half-configured.
    public func validate() throws(SimulatorConfigurationError) {
        try check(host.isEmpty == false, "the host must not be empty")
        try check(allowRemote || Self.isLoopback(host),
                  "refusing to listen on \(host), which is not a loopback address: pass --allow-remote to do so")
        try check((0...65_535).contains(port), "the TPI port must be 0–65535, got \(port)")
        if let controlPort {
            try check((0...65_535).contains(controlPort), "the control port must be 0–65535, got \(controlPort)")
        }
        try check((1...6).contains(password.count) && password.utf8.allSatisfy { (0x21..<0x7F).contains($0) },
                  "the password must be 1–6 printable characters without spaces")
        try check(Self.partitionNumbers.contains(partitionCount), "the partition count must be 1–8, got \(partitionCount)")
        try validateCodes()
        try validateZones()
        for (name, delay) in [("exit delay", exitDelay), ("entry delay", entryDelay), ("code window", codeWindow),
                              ("split pause", splitPause), ("keypad gap", keypadGap)] {
            try check(delay >= .zero, "the \(name) must not be negative")
        }
        for (name, period) in [("login timeout", loginTimeout), ("time broadcast interval", timeBroadcastInterval),
                               ("trouble repeat interval", troubleRepeatInterval)] {
            try check(period > .zero, "the \(name) must be positive")
        }
    }

    /// Whether `host` names this machine only: `localhost`, `127.x.y.z` or `::1`.
    public static func isLoopback(_ host: String) -> Bool {
        host == "localhost" || host == "::1" || host.hasPrefix("127.")
    }

    /// All access codes by user number, the master code included.
    var codesByUser: [Int: String] {
        userCodes.merging([Self.masterUser: masterCode]) { _, master in master }
    }

    private func validateCodes() throws(SimulatorConfigurationError) {
        try check(Self.isAccessCode(masterCode), "the master code must be 4–6 digits")
        for (user, code) in userCodes.sorted(by: { $0.key < $1.key }) {
            try check(Self.userNumbers.contains(user) && user != Self.masterUser,
                      "user \(user) is not a user number (1–95; 40 is the master code)")
            try check(Self.isAccessCode(code), "the code of user \(user) must be 4–6 digits")
        }
        try check(Set(codesByUser.values).count == codesByUser.count, "two users have the same access code")
    }

    private func validateZones() throws(SimulatorConfigurationError) {
        try check(!zones.isEmpty, "the panel needs at least one zone")
        try check(Set(zones.map(\.number)).count == zones.count, "a zone number is configured twice")
        for zone in zones {
            try check(Self.zoneNumbers.contains(zone.number), "zone \(zone.number) is not 1–64")
            try check((1...partitionCount).contains(zone.partition),
                      "zone \(zone.number) is in partition \(zone.partition), but the panel has \(partitionCount)")
            try check(!zone.name.isEmpty && zone.name.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value != 0x7F },
                      "zone \(zone.number) needs a printable name")
        }
    }

    /// 4–6 ASCII digits.
    static func isAccessCode(_ text: some StringProtocol) -> Bool {
        (4...6).contains(text.utf8.count) && text.utf8.allSatisfy { (0x30...0x39).contains($0) }
    }

    private func check(_ condition: Bool, _ message: @autoclosure () -> String) throws(SimulatorConfigurationError) {
        if !condition { throw SimulatorConfigurationError(message()) }
    }
}

extension SimulatorConfiguration: CustomStringConvertible {
    /// The settings for logs: the password and the access codes are never shown.
    public var description: String {
        let zoneList = zones.map { "\($0.number)/\($0.partition)\($0.interior ? " interior" : "")" }
        return [
            "tpi \(host):\(port)", "control \(controlPort.map(String.init) ?? "none")", "password ***",
            "\(userCodes.count + 1) access codes ***", "\(partitionCount) partitions",
            "zones \(zoneList.joined(separator: ","))", "exit delay \(exitDelay)", "entry delay \(entryDelay)",
            "login timeout \(loginTimeout)", "code required \(codeRequired.rawValue)",
            "bypass code \(bypassCodeRequired ? "required" : "not required")", "keypad gap \(keypadGap)",
        ].joined(separator: ", ")
    }
}
