import ArgumentParser

/// `howalarming-envisalink`: the alarm integrator for an Envisalink EVL-3/EVL-4 on a DSC PowerSeries
/// panel, and its zone learning.
@main
struct HowAlarmingEnvisalink: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "howalarming-envisalink",
        abstract: "Connect a DSC panel (through an Envisalink module) to the HowAlarming queue.",
        discussion: """
            Without a subcommand, runs the integrator (see `howalarming-envisalink run --help`). \
            `learn` watches the panel for a while and proposes the zones configuration.
            """,
        version: "0.1.0",
        subcommands: [Run.self, Learn.self],
        defaultSubcommand: Run.self
    )
}
