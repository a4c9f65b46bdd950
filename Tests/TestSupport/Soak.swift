public import Testing
import Foundation

/// The long reliability runs (the suites named …Soak…: ten minutes of load, a four-minute outage,
/// a million fuzz inputs): they run only when asked for with `HOWALARMING_SOAK=1`, which
/// `make soak` sets; a plain `swift test` or `make test` reports them skipped.
public enum Soak {
    /// The environment variable that asks for the soak runs.
    public static let requestVariable = "HOWALARMING_SOAK"

    /// Whether this run asked for them (`HOWALARMING_SOAK=1`).
    public static var isRequested: Bool {
        ProcessInfo.processInfo.environment[requestVariable] == "1"
    }
}

extension Trait where Self == ConditionTrait {
    /// A soak suite: enabled only when ``Soak/isRequested``, else skipped with this reason.
    public static var soak: Self {
        .enabled(if: Soak.isRequested, "a soak run: set HOWALARMING_SOAK=1 or run `make soak`")
    }
}
