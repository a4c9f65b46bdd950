public import Beanstalk
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The environment of a script consumer's program: the consumer's own environment (so a
/// program finds its settings and tokens there), without any `HOWALARMING_EVENT_*` variable
/// it inherited, plus variables describing the consumer, the job and the event.
///
/// | Variable | Value |
/// |---|---|
/// | `HOWALARMING_TUBE` | the tube the consumer reads |
/// | `HOWALARMING_JOB_ID` | the beanstalkd job id |
/// | `HOWALARMING_ATTEMPT` | 1 the first time the job runs, one more on every retry |
/// | `HOWALARMING_MAX_ATTEMPTS` | the attempt after which a failing job is buried |
/// | `HOWALARMING_BURY_EXIT_CODE` | the exit status that buries the job |
/// | `HOWALARMING_CONFIG` | the consumer's configuration file, when it read one |
/// | `HOWALARMING_EVENT_<FIELD>` | each field the event has, such as `HOWALARMING_EVENT_TYPE` or `HOWALARMING_EVENT_ZONE_NAME` |
public struct ScriptEnvironment: Sendable, Hashable {
    /// What every event variable's name starts with.
    public static let eventPrefix = "HOWALARMING_EVENT_"

    /// The variables that are the same for every job.
    private let base: [String: String]

    /// - Parameters:
    ///   - inherited: the consumer's own environment.
    ///   - tube: the tube the consumer reads.
    ///   - maximumAttempts: the consumer's ``ConsumerConfiguration/maximumAttempts``.
    ///   - buryExitCode: the ``ScriptOutcomePolicy/buryExitCode``.
    ///   - configPath: the configuration file the consumer read, if any.
    public init(inherited: [String: String], tube: TubeName, maximumAttempts: Int, buryExitCode: Int32, configPath: String?) {
        var base = inherited.filter { !$0.key.hasPrefix(Self.eventPrefix) }
        base["HOWALARMING_TUBE"] = tube.rawValue
        base["HOWALARMING_MAX_ATTEMPTS"] = String(maximumAttempts)
        base["HOWALARMING_BURY_EXIT_CODE"] = String(buryExitCode)
        if let configPath { base["HOWALARMING_CONFIG"] = configPath }
        self.base = base
    }

    /// The whole environment for one run of the program.
    ///
    /// Text fields are passed as they are, except NUL characters, which an environment
    /// variable cannot hold and which are left out.
    public func variables(for event: AlarmEvent, jobID: JobID, attempt: Int) -> [String: String] {
        var variables = base
        variables["HOWALARMING_JOB_ID"] = jobID.description
        variables["HOWALARMING_ATTEMPT"] = String(attempt)
        for (field, value) in Self.fields(of: event) {
            guard let value else { continue }
            variables[Self.eventPrefix + field.rawValue.uppercased()] = value.replacing("\u{0}", with: "")
        }
        return variables
    }

    /// Every field of the event format with the event's value as text, `nil` where it has none.
    private static func fields(of event: AlarmEvent) -> KeyValuePairs<FormatField, String?> {
        [
            .type: event.type.rawValue,
            .code: event.code,
            .message: event.message,
            .raw: event.raw,
            .timestamp: String(event.timestamp),
            .id: event.id.map { $0.uuidString.lowercased() },
            .source: event.source,
            .sequence: event.sequence.map(String.init),
            .partition: event.partition.map(String.init),
            .zone: event.zone.map(String.init),
            .zoneName: event.zoneName,
            .user: event.user.map(String.init),
            .userName: event.userName,
            .commandID: event.commandID.map { $0.uuidString.lowercased() },
            .commandSource: event.commandSource,
        ]
    }
}
