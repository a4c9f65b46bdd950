/// One zone of the simulated panel: its number, name, partition and whether it is an interior zone.
public struct SimulatedZone: Sendable, Hashable {
    /// The zone number, 1–64.
    public var number: Int
    /// The name shown by `status` (the panel itself never sends names).
    public var name: String
    /// The partition the zone belongs to, 1–8.
    public var partition: Int
    /// An interior (stay/away) zone: not armed while its partition is armed in a stay mode.
    public var interior: Bool

    /// A zone; without a name it is called `Zone <number>`.
    public init(number: Int, name: String? = nil, partition: Int = 1, interior: Bool = false) {
        self.number = number
        self.name = name ?? "Zone \(number)"
        self.partition = partition
        self.interior = interior
    }

    /// Parses the command line's zone syntax: `NUMBER[/PARTITION][=NAME]`, such as `1`,
    /// `1=Front door` or `9/2=Garage`.
    public init(parsing spec: String) throws(SimulatorConfigurationError) {
        let (head, name): (Substring, String?) = if let equals = spec.firstIndex(of: "=") {
            (spec[..<equals], String(spec[spec.index(after: equals)...]))
        } else {
            (spec[...], nil)
        }
        let parts = head.split(separator: "/", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let number = Int(parts[0]),
              let partition = parts.count == 2 ? Int(parts[1]) : 1 else {
            throw SimulatorConfigurationError(
                "zone \(String(reflecting: spec)) is not NUMBER[/PARTITION][=NAME], such as 1=\"Front door\" or 9/2=Garage")
        }
        if let name, name.isEmpty {
            throw SimulatorConfigurationError("zone \(number) has an empty name")
        }
        self.init(number: number, name: name, partition: partition)
    }
}
