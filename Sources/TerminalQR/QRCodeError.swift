/// Why a ``QRCode`` cannot be made. The message gives counts only, never the data (which may
/// be a secret, such as a sign-in token).
public enum QRCodeError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The data needs more than `capacity` bytes, the most a symbol of the largest allowed
    /// version holds at the chosen error correction level.
    case dataTooLong(byteCount: Int, capacity: Int)

    public var description: String {
        switch self {
        case .dataTooLong(let byteCount, let capacity):
            "\(byteCount) bytes do not fit in a QR code: it holds at most \(capacity) at this size and error correction level"
        }
    }
}
