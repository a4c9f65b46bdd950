/// What the EVL makes of one line from its TPI client: the server side of the TPI, shared by the
/// simulated EVL and the integrator's proxy.
public enum TPIClientLine: Sendable, Hashable {
    /// A well-formed frame.
    case frame(TPIFrame)
    /// The last two characters are not the uppercase hex sum of the rest: answered with `501`.
    /// Carries the first three bytes, for logs (never the data, which may hold a password or code).
    case badChecksum(prefix: String)
    /// The checksum matches but the rest is not a 3-digit code with printable data: `502020`.
    case malformed
    /// A line longer than the receive buffer: `502002`.
    case overflow

    /// Judges `line` (without its line ending) as an EVL does.
    ///
    /// Stricter than ``TPILine/parse(_:)``, which is lenient as a client should be:
    /// the checksum must be two uppercase hex digits (forum t=332: lowercase gets a `501`) and
    /// covers every byte before it, so a client's timestamp prefix also fails it.
    /// - Returns: `nil` for an empty line, which the EVL skips.
    public init?(line: [UInt8]) {
        guard !line.isEmpty else { return nil }
        let body = line.dropLast(2)
        let prefix = String(decoding: line.prefix(3).map { (0x20..<0x7F).contains($0) ? $0 : UInt8(ascii: "?") },
                            as: UTF8.self)
        guard line.count >= 2, let checksum = Self.uppercaseHexByte(line.suffix(2)),
              checksum == TPIFrame.checksum(of: body) else {
            self = .badChecksum(prefix: prefix)
            return
        }
        let text = String(decoding: body, as: UTF8.self)
        guard let frame = try? TPIFrame(code: String(text.prefix(3)), data: String(text.dropFirst(3))) else {
            self = .malformed
            return
        }
        self = .frame(frame)
    }

    private static func uppercaseHexByte(_ digits: some Collection<UInt8>) -> UInt8? {
        var value: UInt8 = 0
        for digit in digits {
            switch digit {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): value = value << 4 | (digit - UInt8(ascii: "0"))
            case UInt8(ascii: "A")...UInt8(ascii: "F"): value = value << 4 | (digit - UInt8(ascii: "A") + 10)
            default: return nil
            }
        }
        return value
    }
}

/// What an EVL does with a client's line, before and after the client logged in.
public enum EVLLineHandling: Sendable, Hashable {
    /// Answer with this frame (`501`, or a `502` for a line it cannot take).
    case answer(TPIFrame)
    /// A login attempt with this password.
    case login(password: String)
    /// Before login, anything but `005` and a bad checksum goes unanswered.
    case ignore
    /// A command from a logged-in client.
    case command(TPIFrame)
}

extension TPIClientLine {
    /// How an EVL handles this line from a client that has (`loggedIn`) or has not logged in.
    public func handling(loggedIn: Bool) -> EVLLineHandling {
        switch (loggedIn, self) {
        case (_, .badChecksum): .answer(EVLFrames.badChecksum)
        case (false, .frame(let frame)) where frame.code == "005": .login(password: frame.data)
        case (false, _): .ignore
        case (true, .overflow): .answer(SystemError.receiveBufferOverflow.frame)
        case (true, .malformed): .answer(SystemError.syntaxError.frame)
        case (true, .frame(let frame)): .command(frame)
        }
    }
}
