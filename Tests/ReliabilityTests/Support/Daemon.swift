/// The long-running HowAlarming executables a reliability test starts, kills and restarts.
enum Daemon: String, CaseIterable, Sendable, CustomStringConvertible {
    case integrator = "howalarming-envisalink"
    case log = "howalarming-log"
    case push = "howalarming-push"
    case command = "howalarming-command"

    var description: String { rawValue }

    /// A line the daemon logs once it is ready to do its work.
    var readyLine: String {
        switch self {
        case .integrator: "logged in"
        case .log, .push: "consuming"
        case .command: "http api listening"
        }
    }
}
