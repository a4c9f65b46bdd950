import ArgumentParser

/// `howalarming`: the operators' window into the queue.
@main
struct HowAlarming: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "howalarming",
        abstract: "Tail events, send commands, simulate events, inspect tubes and run script consumers of a HowAlarming system.",
        discussion: """
            Talks to the beanstalkd queue named in the configuration file (--config, then \
            $HOWALARMING_CONFIG, /etc/howalarming/config.yaml, ./config.yaml; a local beanstalkd on \
            127.0.0.1:11300 when there is none). Exit status: 0 on success, 1 on an error (reported \
            on one line of standard error), 64 on a usage error.
            """,
        version: "0.1.0",
        subcommands: [Tail.self, Send.self, Simulate.self, Stats.self, Peek.self, Kick.self, Delete.self, Consume.self]
    )
}
