import ArgumentParser

/// `howalarming-push`: the push consumer, and the device registry's command line.
@main
struct HowAlarmingPush: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "howalarming-push",
        abstract: "Send alarm events to phones and browsers through APNs, FCM and Web Push, and manage the registered devices.",
        discussion: """
            Without a subcommand, runs the push consumer (see `howalarming-push run --help`). \
            `devices` lists, adds, renames, removes and imports the registered devices; `vapid generate` \
            makes the Web Push key.
            """,
        version: "0.1.0",
        subcommands: [Run.self, Devices.self, Vapid.self],
        defaultSubcommand: Run.self
    )
}
