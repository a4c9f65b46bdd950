import CTimex

/// Whether the box's clock can be trusted to set the panel's from.
public enum HostClockStatus: Sendable, Hashable {
    /// Kept by a time service: its error is known to be small.
    case synchronised
    /// Not known to be right; why, in words for an operator.
    case unsynchronised(String)

    /// The kernel's word, as `timedatectl` reports "System clock synchronized": synchronised while
    /// its estimate of the clock's maximum error (`ntp_adjtime`) is under 16 s. A time service
    /// (systemd-timesyncd, chrony, ntpd) keeps the estimate small; without one it grows, and the
    /// kernel gives 16 s from boot.
    public static func current() -> HostClockStatus {
        var state = timex()
        guard ntp_adjtime(&state) != -1 else {
            return .unsynchronised("the kernel does not say whether the box's clock is synchronised")
        }
        return status(maximumErrorMicroseconds: Int64(state.maxerror))
    }

    /// The status for a maximum error estimate of the kernel's, in microseconds.
    static func status(maximumErrorMicroseconds error: Int64) -> HostClockStatus {
        guard error >= maximumError else { return .synchronised }
        return .unsynchronised(
            "the box's clock is not synchronised (no time service such as systemd-timesyncd or chrony keeps it: "
                + "the kernel puts its possible error at 16 s or more)")
    }

    /// The kernel's limit, 16 s in microseconds, at which it counts the clock unsynchronised.
    private static let maximumError: Int64 = 16_000_000
}
