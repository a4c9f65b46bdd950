import Foundation
import Testing
import TerminalQR
import TestSupport

/// An independent reader: Debian's `zbarimg` (package zbar-tools, installed by `make test`)
/// decodes pictures of our codes, drawn from the module matrix and from the terminal rendering.
@Suite struct ZbarDecodingTests {
    struct Sample: Sendable, CustomTestStringConvertible {
        let name: String
        let bytes: [UInt8]
        var correction: QRErrorCorrection = .medium
        let version: Int

        var testDescription: String { "\(name) (\(bytes.count) bytes, \(correction), version \(version))" }
    }

    static let samples: [Sample] = [
        Sample(name: "sign-in link", bytes: QRCodeTests.signInLink, version: 5),
        Sample(name: "one byte", bytes: Array("A".utf8), version: 1),
        Sample(name: "version 1-M full", bytes: Array("howalarming 18".utf8), version: 1),
        Sample(name: "version 2 at L", bytes: Array(repeating: 0x7A, count: 18), correction: .low, version: 2),
        Sample(name: "version 7 with version information", bytes: Array(String(repeating: "0123456789", count: 12).utf8), version: 7),
        Sample(name: "every byte value, 16-bit count", bytes: (0...255).map { UInt8($0) }, correction: .low, version: 10),
        Sample(name: "UTF-8 text at Q", bytes: Array("Alarme zone 5 — porte d’entrée ✓".utf8), correction: .quartile, version: 4),
        Sample(name: "many blocks at H", bytes: (0..<400).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 3) }, correction: .high, version: 21),
        Sample(name: "version 25 at M", bytes: Array(String(repeating: "https://alarm.example/", count: 45).utf8), version: 25),
    ]

    @Test(arguments: samples)
    func zbarReadsTheModuleMatrix(_ sample: Sample) async throws {
        let code = try QRCode(bytes: sample.bytes, correction: sample.correction)
        #expect(code.version.number == sample.version)
        let decoded = try await Self.zbarDecode(GrayImage(modules: TerminalRenderingTests.withQuietZone(code)))
        #expect(decoded == sample.bytes)
    }

    @Test(arguments: QRMask.allCases)
    func zbarReadsEveryMask(_ mask: QRMask) async throws {
        let code = try QRCode(bytes: QRCodeTests.signInLink, mask: mask)
        let decoded = try await Self.zbarDecode(GrayImage(modules: TerminalRenderingTests.withQuietZone(code)))
        #expect(decoded == QRCodeTests.signInLink)
    }

    @Test(arguments: [TerminalBackground.dark, .light])
    func zbarReadsTheTerminalRenderingAsTheTerminalShowsIt(background: TerminalBackground) async throws {
        let link = QRCodeTests.signInLink
        let code = try QRCode(bytes: link)
        // A terminal cell is about twice as high as it is wide: each half block is a square.
        let drawn = try RenderedText.drawnRows(code.terminalRendering(background: background))
        let screen = drawn.map { row in row.map { isDrawn in background == .dark ? !isDrawn : isDrawn } }
        #expect(try await Self.zbarDecode(GrayImage(modules: screen)) == link)
    }

    @Test func zbarDoesNotReadTheRenderingForTheOtherBackground() async throws {
        // The inverted picture (light modules dark) is what a light terminal shows of a
        // rendering for a dark one: zbar, like many readers, does not decode it.
        let code = try QRCode(bytes: QRCodeTests.signInLink)
        let drawn = try RenderedText.drawnRows(code.terminalRendering(background: .dark))
        let result = try await Self.runZbar(GrayImage(modules: drawn))
        #expect(!result.status.isSuccess, "\(result)")
        #expect(result.standardOutput.isEmpty)
    }

    /// The bytes zbarimg reads from `image`, or a failed expectation with its output.
    static func zbarDecode(_ image: GrayImage) async throws -> [UInt8]? {
        let result = try await runZbar(image)
        guard result.status.isSuccess else {
            Issue.record("zbarimg decoded nothing: \(result)")
            return nil
        }
        return Array(result.standardOutput)
    }

    /// Runs zbarimg on `image`, QR codes only, printing the raw bytes of what it decodes.
    static func runZbar(_ image: GrayImage) async throws -> ProcessResult {
        let zbarimg = try SystemTool.locate("zbarimg", installedBy: "zbar")
        return try await withTemporaryDirectory(prefix: "terminalqr") { directory in
            let path = directory.appending("code.pgm")
            try Data(image.pgm).write(to: URL(fileURLWithPath: path))
            return try await ProcessRunner.run(
                zbarimg, arguments: ["--quiet", "--raw", "-Sdisable", "-Sqrcode.enable", "-Sbinary", path], timeout: .seconds(30))
        }
    }
}
