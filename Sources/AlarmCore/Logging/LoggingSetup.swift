public import Logging

/// Logging for the HowAlarming executables: to standard error (journald and supervisors
/// collect it), at a level from `--log-level` or `HOWALARMING_LOG_LEVEL`.
public enum LoggingSetup {
    /// The environment variable that sets the log level when no flag does.
    public static let levelVariable = "HOWALARMING_LOG_LEVEL"

    /// Bootstraps swift-log once per process; call it first in `main`.
    /// - Parameters:
    ///   - level: the explicit level, if any (a `--log-level` flag).
    ///   - environment: the process environment, read for ``levelVariable``.
    ///   - defaultLevel: used when neither is set.
    public static func bootstrap(level: Logger.Level?, environment: [String: String], defaultLevel: Logger.Level) {
        let chosen = level ?? environment[levelVariable].flatMap(Logger.Level.init(rawValue:)) ?? defaultLevel
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = chosen
            return handler
        }
    }
}
