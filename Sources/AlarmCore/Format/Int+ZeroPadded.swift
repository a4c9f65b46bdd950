extension Int {
    /// The number in decimal with leading zeros up to `width` digits (`5.zeroPadded(3)` is
    /// `005`): the TPI's zones, users, error codes and clock fields, and the databases' times.
    public func zeroPadded(_ width: Int) -> String {
        let digits = String(self)
        return String(repeating: "0", count: Swift.max(0, width - digits.count)) + digits
    }
}
