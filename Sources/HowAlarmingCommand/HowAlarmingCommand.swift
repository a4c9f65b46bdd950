import ArgumentParser

/// `howalarming-command`: the phone apps' HTTP API, and its tokens' command line.
@main
struct HowAlarmingCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "howalarming-command",
        abstract: "Serve the phone apps' HTTP API (status, history, commands, devices) and manage its tokens.",
        discussion: """
            Without a subcommand, runs the API daemon (see `howalarming-command run --help`). \
            `tokens` creates, lists and revokes the bearer tokens that API clients send. \
            The API is described in docs/api.md and docs/openapi.yaml.
            """,
        version: "0.1.0",
        subcommands: [Run.self, Tokens.self],
        defaultSubcommand: Run.self
    )
}
