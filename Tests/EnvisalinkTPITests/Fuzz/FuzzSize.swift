#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// How many inputs a fuzz test tries: a fast count for `make test`, and at least a million when
/// `HOWALARMING_SOAK=1` is set (`make soak`).
enum FuzzSize {
    /// Whether `HOWALARMING_SOAK=1` is set.
    static var isSoak: Bool { ProcessInfo.processInfo.environment["HOWALARMING_SOAK"] == "1" }

    /// `fast` normally, `soak` under `HOWALARMING_SOAK=1`.
    static func inputs(fast: Int, soak: Int = 1_000_000) -> Int { isSoak ? soak : fast }
}
