extension Duration {
    /// The duration in seconds, with the fraction, for date arithmetic.
    var inSeconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
