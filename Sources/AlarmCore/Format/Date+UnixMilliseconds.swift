#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

extension Date {
    /// Whole Unix milliseconds, rounded down: the times of push reports and acknowledgements.
    public var unixMilliseconds: Int64 {
        Int64((timeIntervalSince1970 * 1000).rounded(.down))
    }
}
