import EnvisalinkTPI
import EnvisalinkTPITestSupport
import TestSupport

/// Generates hostile TPI byte streams from a seed: what a broken, noisy or malicious link could send.
///
/// Each input is one of the kinds below; the table rows of ``MessageRow/all`` (every code of the
/// TPI reference) are the corpus that valid and mutated frames start from.
struct TPIFuzzInput {
    /// The kinds of input, tried in equal measure.
    enum Kind: CaseIterable {
        /// Any bytes at all, CR, LF and NUL included.
        case randomBytes
        /// A valid frame with bytes flipped, inserted, deleted or duplicated.
        case mutatedFrame
        /// A well-formed frame whose checksum is wrong.
        case badChecksum
        /// A line of 1,000–5,000 bytes, over ``TPILineDecoder/maximumLineLength``.
        case overlongLine
        /// A known code with random digits and hex as its data, correct checksum: well-formed
        /// frames the message decoder must judge.
        case randomData
        /// A valid frame behind an `HH:MM:SS ` prefix, or a damaged prefix.
        case timestamped
        /// Empty lines, lone CRs, CRLF runs.
        case blankLines
    }

    private static let corpus: [[UInt8]] = MessageRow.all.map { Array($0.wire.utf8) }
    private static let codes: [[UInt8]] = Array(Set(corpus.map { Array($0.prefix(3)) })).sorted { $0.lexicographicallyPrecedes($1) }
    private static let dataAlphabet = Array("0123456789ABCDEFabcdef *#".utf8)

    /// The bytes of one input of `kind` (line ending included where the kind has one).
    static func make(_ kind: Kind, using random: inout SeededGenerator) -> [UInt8] {
        switch kind {
        case .randomBytes:
            return (0..<Int.random(in: 0...200, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
        case .mutatedFrame:
            return mutate(wire(corpus.randomElement(using: &random)!), using: &random)
        case .badChecksum:
            var bytes = wire(corpus.randomElement(using: &random)!)
            let position = bytes.count - 3 - Int.random(in: 0...1, using: &random)
            let original = bytes[position]
            bytes[position] = Array("0123456789ABCDEF".utf8).filter { $0 != original }.randomElement(using: &random)!
            return bytes
        case .overlongLine:
            let length = Int.random(in: 1_000...5_000, using: &random)
            return (0..<length).map { _ in UInt8.random(in: 0x20...0x7E, using: &random) } + [0x0D, 0x0A]
        case .randomData:
            let data = (0..<Int.random(in: 0...40, using: &random)).map { _ in dataAlphabet.randomElement(using: &random)! }
            return wire(codes.randomElement(using: &random)! + data)
        case .timestamped:
            var prefix = Array("12:34:56 ".utf8)
            if Bool.random(using: &random) {
                prefix[Int.random(in: 0..<prefix.count, using: &random)] = UInt8.random(in: 0...255, using: &random)
            }
            return prefix + wire(corpus.randomElement(using: &random)!)
        case .blankLines:
            let pieces: [[UInt8]] = [[0x0A], [0x0D], [0x0D, 0x0A], [0x0D, 0x0D, 0x0A], [0x00, 0x0A]]
            return (0..<Int.random(in: 1...5, using: &random)).flatMap { _ in pieces.randomElement(using: &random)! }
        }
    }

    /// Code + data with its checksum and CRLF, as the EVL sends it.
    static func wire(_ body: [UInt8]) -> [UInt8] {
        body + Array(TPIFrame.hex(TPIFrame.checksum(of: body)).utf8) + [0x0D, 0x0A]
    }

    private static func mutate(_ bytes: [UInt8], using random: inout SeededGenerator) -> [UInt8] {
        var bytes = bytes
        for _ in 0..<Int.random(in: 1...4, using: &random) {
            let position = Int.random(in: 0...bytes.count, using: &random)
            switch Int.random(in: 0..<4, using: &random) {
            case 0 where position < bytes.count:
                bytes[position] ^= UInt8(1) << UInt8.random(in: 0...7, using: &random)
            case 1:
                bytes.insert(UInt8.random(in: 0...255, using: &random), at: position)
            case 2 where position < bytes.count:
                bytes.remove(at: position)
            default:
                let end = Int.random(in: position...bytes.count, using: &random)
                bytes.insert(contentsOf: bytes[position..<end], at: position)
            }
        }
        return bytes
    }
}
