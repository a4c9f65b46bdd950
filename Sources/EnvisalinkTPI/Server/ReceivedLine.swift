/// One line read from a TCP peer (TPI client or control client), without its line ending.
public enum ReceivedLine: Sendable, Hashable {
    /// The bytes before LF, with a trailing CR removed.
    case line([UInt8])
    /// A line longer than the splitter accepts; its bytes were discarded up to its end.
    case overlong
}
