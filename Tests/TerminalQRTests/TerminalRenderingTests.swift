import Testing
import TerminalQR

/// The half-block rendering: its shape, the quiet zone, and every module read back.
@Suite struct TerminalRenderingTests {
    static let code = Result { try QRCode(bytes: QRCodeTests.signInLink) }

    /// The modules with a 4-module light quiet zone around them; true = dark.
    static func withQuietZone(_ code: QRCode) -> [[Bool]] {
        let margin = QRCode.quietZoneWidth
        let blank = [[Bool]](repeating: Array(repeating: false, count: code.size + 2 * margin), count: margin)
        let padding = [Bool](repeating: false, count: margin)
        return blank + code.modules.map { padding + $0 + padding } + blank
    }

    @Test(arguments: [TerminalBackground.dark, .light])
    func everyLineHasTheCodesWidthWithTheQuietZone(background: TerminalBackground) throws {
        let code = try Self.code.get()
        let text = code.terminalRendering(background: background)
        #expect(text.hasSuffix("\n"))
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        // 37 + 8 = 45 module rows: 22 lines of two and one of one.
        #expect(lines.count == 23)
        #expect(lines.allSatisfy { $0.count == 45 })
    }

    @Test func onADarkBackgroundTheLightModulesAreDrawn() throws {
        let code = try Self.code.get()
        let drawn = try RenderedText.drawnRows(code.terminalRendering(background: .dark))
        let expected = Self.withQuietZone(code).map { $0.map { !$0 } } + [Array(repeating: false, count: 45)]
        #expect(drawn == expected)
    }

    @Test func onALightBackgroundTheDarkModulesAreDrawn() throws {
        let code = try Self.code.get()
        let drawn = try RenderedText.drawnRows(code.terminalRendering(background: .light))
        #expect(drawn == Self.withQuietZone(code) + [Array(repeating: false, count: 45)])
    }

    @Test func theQuietZoneIsFourModulesOfLight() throws {
        let dark = try Self.code.get().terminalRendering(background: .dark).split(separator: "\n")
        #expect(dark[0] == String(repeating: "█", count: 45))
        #expect(dark[1] == String(repeating: "█", count: 45))
        // The last line's top row is the last of the quiet zone; below it nothing is drawn.
        #expect(dark[22] == String(repeating: "▀", count: 45))
        // Rows 4 and 5: the quiet zone, then the top-left finder's dark top edge over its light ring.
        #expect(dark[2].hasPrefix("████ ▄▄▄▄▄ █"))
        #expect(dark[2].hasSuffix("█ ▄▄▄▄▄ ████"))

        let light = try Self.code.get().terminalRendering(background: .light).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(light[0] == String(repeating: " ", count: 45))
        #expect(light[22] == String(repeating: " ", count: 45))
        #expect(light[2].hasPrefix("    █▀▀▀▀▀█ "))
    }

    @Test func theSmallestCode() throws {
        let text = try QRCode(bytes: [], version: .numbered(1), mask: .pattern0).terminalRendering()
        let lines = text.split(separator: "\n")
        #expect(lines.count == 15)
        #expect(lines.allSatisfy { $0.count == 29 })
        #expect(Set(text).isSubset(of: ["█", "▀", "▄", " ", "\n"]))
    }
}
