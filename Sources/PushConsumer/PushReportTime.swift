#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Times in push reports: Unix milliseconds, as events' `timestamp` is written.
enum PushReportTime {
    /// `date` in whole Unix milliseconds.
    static func milliseconds(_ date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
    }
}
