import ArgumentParser

/// `howalarming-push`: the push consumer, and the device registry's command line.
@main
struct HowAlarmingPush: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "howalarming-push",
        abstract: "Send alarm events to phones through APNs and FCM, and manage the registered phones.",
        discussion: """
            Without a subcommand, runs the push consumer (see `howalarming-push run --help`). \
            `devices` lists, adds, removes and imports the registered phones.
            """,
        version: "0.1.0",
        subcommands: [Run.self, Devices.self],
        defaultSubcommand: Run.self
    )
}
