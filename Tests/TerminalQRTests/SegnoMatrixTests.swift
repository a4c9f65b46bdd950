import Foundation
import Testing
import TerminalQR
import TestSupport

/// An independent encoder: Python's segno (installed in .venv by `make test`) makes the same
/// symbols module for module, for every version at every level, each with a given mask
/// (`Tests/Interop/segno_matrix.py`).
///
/// Left out: the mask each library would choose (the standard leaves details of the penalty
/// open, and segno scores the symbol before its format information is drawn), and symbols with
/// room to spare: segno 1.6 puts a zero codeword between the terminator and the pad codewords
/// when the terminator ends on a codeword boundary, which byte mode always does (heuer/segno
/// issues 123 and 148; readers stop at the terminator, so its codes still read).
/// ``ByteModeEncodingTests`` checks the padding against the standard instead, and
/// ``ZbarDecodingTests`` reads symbols with padding.
@Suite struct SegnoMatrixTests {
    private static let python = Task { try await PythonPeer.find() }

    struct Case: CustomStringConvertible {
        let version: QRVersion
        let correction: QRErrorCorrection
        let mask: QRMask
        let bytes: [UInt8]

        var description: String { "\(version), level \(Self.letters[correction] ?? "?"), mask \(mask.rawValue), \(bytes.count) bytes" }

        /// The script's input line.
        var line: String {
            let hex = bytes.map { String(Int($0) + 0x100, radix: 16).dropFirst() }.joined()
            return "\(version.number) \(Self.letters[correction] ?? "?") \(mask.rawValue) \(hex)"
        }

        static let letters: [QRErrorCorrection: String] = [.low: "L", .medium: "M", .quartile: "Q", .high: "H"]
    }

    /// Every version at `correction`, filled to capacity (so without padding); the masks take turns.
    static func cases(_ correction: QRErrorCorrection) -> [Case] {
        let firstMask = QRErrorCorrection.allCases.firstIndex(of: correction) ?? 0
        return QRVersion.all.enumerated().map { index, version in
            let count = QRCode.capacity(of: version, correction: correction)
            let bytes = (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ version.number) }
            return Case(version: version, correction: correction, mask: QRMask.allCases[(firstMask + index) % 8], bytes: bytes)
        }
    }

    @Test(arguments: QRErrorCorrection.allCases)
    func segnoMakesTheSameModules(correction: QRErrorCorrection) async throws {
        let cases = Self.cases(correction)
        let input = cases.map { $0.line + "\n" }.joined()
        let result = try await Self.python.value.run(script: "segno_matrix.py", standardInput: Data(input.utf8), timeout: .seconds(120))
        try #require(result.status == .exited(0), "\(result.stderr)")
        let matrices = result.stdout.split(separator: "\n")
        try #require(matrices.count == cases.count, "\(result.stderr)")

        for (sample, matrix) in zip(cases, matrices) {
            let ours = try QRCode(bytes: sample.bytes, correction: sample.correction, version: sample.version, mask: sample.mask).modules
            let theirs = matrix.split(separator: ",").map { row in row.map { $0 == "1" } }
            try #require(theirs.count == ours.count && theirs.allSatisfy { $0.count == ours.count }, "\(sample): segno's symbol is \(theirs.count) rows")
            let differing = (0..<ours.count).flatMap { y in (0..<ours.count).filter { ours[y][$0] != theirs[y][$0] }.map { (x: $0, y: y) } }
            #expect(differing.isEmpty, "\(sample): \(differing.count) modules differ, the first at \(differing.first.map { "(\($0.x), \($0.y))" } ?? "")")
        }
    }
}
