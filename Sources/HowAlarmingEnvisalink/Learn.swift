import AlarmCore
import ArgumentParser
import DaemonSupport
import EnvisalinkIntegrator
import UnixSignals

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// `howalarming-envisalink learn`: watches the panel and proposes the `zones` configuration.
struct Learn: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Watch the panel for a while and propose the zones configuration.",
        discussion: """
            The TPI cannot list a panel's zones, so this logs in, asks for the status report and \
            the zone timers, and records every zone and partition the panel names (zones opening, \
            closing, alarming, bypassed, or with a running timer) until --duration is over or \
            Ctrl-C. It then prints YAML for envisalinkd: partitions and a zones entry per zone \
            seen, keeping the names already configured and giving the others a placeholder to \
            replace. Walk around and open each door and window while it runs. Progress goes to \
            standard error, the YAML to standard output. An Envisalink serves one client: stop \
            the integrator first, or learn through its TPI proxy with --through-proxy.
            """
    )

    @OptionGroup var options: DaemonOptions

    @Option(help: ArgumentHelp("How long to watch: seconds, or a number with s, m or h (up to 24h).", valueName: "duration"))
    var duration = LearnDuration.tenMinutes

    @Option(
        help: ArgumentHelp(
            "Log in to the running integrator's TPI proxy (envisalinkd.proxy) as this configured client, instead of to the Envisalink.",
            valueName: "client"))
    var throughProxy: String?

    func run() async throws {
        let (configuration, logger) = try options.start(label: "howalarming-envisalink")
        let panel = configuration.envisalink ?? EnvisalinkConfig()
        let link = try LearnTarget.link(for: panel, throughProxy: throughProxy)
        let endpoint = "\(link.host):\(link.port)"
        Self.note("learning from \(endpoint) for \(duration); Ctrl-C to stop sooner")
        let start = Date()
        let outcome = try await ZoneLearning.learn(
            link: link, for: duration.value, logger: logger,
            progress: Self.note, stop: Self.firstSignal)
        guard outcome.loggedIn else {
            Self.note("""
                never logged in to \(endpoint): is it reachable, and is another client logged in to it? \
                An Envisalink serves one client: stop howalarming-envisalink, or use --through-proxy.
                """)
            throw ExitCode.failure
        }
        let proposal = ZoneProposal(
            learner: outcome.learner, configured: (panel.zones, panel.zoneTypes),
            period: "\(LearnDuration.spoken(Date().timeIntervalSince(start))) from \(start.ISO8601Format())")
        print(proposal.yaml, terminator: "")
    }

    /// Returns at the first SIGINT or SIGTERM.
    @Sendable private static func firstSignal() async {
        for await _ in await UnixSignalsSequence(trapping: .sigint, .sigterm) { return }
    }

    /// A line on standard error.
    @Sendable private static func note(_ line: String) {
        let bytes = Array(("howalarming-envisalink learn: " + line + "\n").utf8)
        _ = bytes.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
    }
}
