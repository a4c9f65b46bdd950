import ArgumentParser
import EnvisalinkSimulator

/// The simulated panel: partitions, zones, codes, delays.
struct PanelOptions: ParsableArguments {
    private static let defaults = SimulatorConfiguration()

    @Option(help: "The master code, user 40, 4–6 digits (default \(defaults.masterCode)).")
    var masterCode: String?

    @Option(name: .customLong("user-code"), help: ArgumentHelp("Another access code (repeatable).", valueName: "USER=CODE"))
    var userCodes: [String] = []

    @Option(name: .customLong("zone"), help: ArgumentHelp(
        "A zone (repeatable), such as 1=\"Front door\" or 9/2=Garage for partition 2.",
        valueName: "NUMBER[/PARTITION][=NAME]"))
    var zoneSpecs: [String] = []

    @Option(name: .customLong("zones"), help: "Instead of --zone: zones 1 to COUNT, in partition 1 (default \(defaults.zones.count)).")
    var zoneCount: Int?

    @Option(name: .customLong("interior"), help: ArgumentHelp(
        "An interior zone, not armed in stay mode (repeatable).", valueName: "ZONE"))
    var interiorZones: [Int] = []

    @Option(help: "The number of partitions, 1–8 (default \(defaults.partitionCount)).")
    var partitions: Int?

    @Option(help: "Exit delay in seconds (default \(defaults.exitDelay)).")
    var exitDelay: Double?

    @Option(help: "Entry delay in seconds (default \(defaults.entryDelay)).")
    var entryDelay: Double?

    @Option(help: ArgumentHelp(
        "Which arming commands answer 900 and wait for 200: none, zero-entry (032) or all (default none).",
        valueName: "none|zero-entry|all"))
    var codeRequired: String?

    @Flag(help: "*1 (the bypass menu) answers 900 and opens only after a 200 with a valid code; a wrong one gets 670.")
    var bypassCodeRequired = false

    @Option(help: "Seconds a 200 is accepted after a 900 (default \(defaults.codeWindow)).")
    var codeWindow: Double?

    @Option(help: "Least seconds between two keypad commands (070/071); one sent sooner gets 502010 (default 0: any pace).")
    var keypadGap: Double?

    @Option(help: "Seconds between 550 time broadcasts once 0561 turns them on (default \(defaults.timeBroadcastInterval)).")
    var timeBroadcastInterval: Double?

    @Option(help: "Seconds between repeats of 849 while a trouble lasts (default \(defaults.troubleRepeatInterval)).")
    var troubleRepeatInterval: Double?

    func apply(to configuration: inout SimulatorConfiguration) throws(SimulatorConfigurationError) {
        configuration.masterCode = masterCode ?? configuration.masterCode
        for entry in userCodes {
            let parts = entry.split(separator: "=", maxSplits: 1)
            guard parts.count == 2, let user = Int(parts[0]) else {
                throw SimulatorConfigurationError("--user-code \(String(reflecting: entry)) is not USER=CODE, such as 1=4321")
            }
            configuration.userCodes[user] = String(parts[1])
        }
        if !zoneSpecs.isEmpty && zoneCount != nil {
            throw SimulatorConfigurationError("give either --zone or --zones, not both")
        }
        if let zoneCount { configuration.zones = SimulatorConfiguration.numberedZones(zoneCount) }
        if !zoneSpecs.isEmpty {
            configuration.zones = []
            for spec in zoneSpecs { configuration.zones.append(try SimulatedZone(parsing: spec)) }
        }
        for number in interiorZones {
            guard let index = configuration.zones.firstIndex(where: { $0.number == number }) else {
                throw SimulatorConfigurationError("--interior \(number) names a zone the panel does not have")
            }
            configuration.zones[index].interior = true
        }
        configuration.partitionCount = partitions ?? configuration.partitionCount
        if let codeRequired {
            guard let requirement = SimulatorConfiguration.CodeRequirement(rawValue: codeRequired) else {
                throw SimulatorConfigurationError("--code-required must be none, zero-entry or all")
            }
            configuration.codeRequired = requirement
        }
        configuration.exitDelay = exitDelay.map(Duration.seconds) ?? configuration.exitDelay
        configuration.entryDelay = entryDelay.map(Duration.seconds) ?? configuration.entryDelay
        configuration.codeWindow = codeWindow.map(Duration.seconds) ?? configuration.codeWindow
        configuration.keypadGap = keypadGap.map(Duration.seconds) ?? configuration.keypadGap
        configuration.bypassCodeRequired = bypassCodeRequired || configuration.bypassCodeRequired
        configuration.timeBroadcastInterval = timeBroadcastInterval.map(Duration.seconds) ?? configuration.timeBroadcastInterval
        configuration.troubleRepeatInterval = troubleRepeatInterval.map(Duration.seconds) ?? configuration.troubleRepeatInterval
    }
}
