extension Int {
    /// The number in decimal with leading zeros up to `width` digits, as the TPI writes zones
    /// (`5.zeroPadded(3)` is `005`), users, error codes and clock fields.
    public func zeroPadded(_ width: Int) -> String {
        let digits = String(self)
        return String(repeating: "0", count: Swift.max(0, width - digits.count)) + digits
    }
}
