import TerminalQR

extension QRVersion {
    /// Version `number`, which must be 1...40.
    static func numbered(_ number: Int) -> QRVersion {
        all[number - 1]
    }
}
