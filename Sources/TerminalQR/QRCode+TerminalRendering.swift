/// The colour of a terminal's background, which ``QRCode/terminalRendering(background:)``
/// draws the code against.
public enum TerminalBackground: Sendable, Hashable {
    /// Light text on a dark background, most terminals' default: the code's light modules are
    /// drawn as blocks in the text colour, its dark modules are left as background.
    case dark
    /// Dark text on a light background: the dark modules are drawn, the light ones left.
    case light
}

extension QRCode {
    /// The width of the light margin around the code, in modules (ISO/IEC 18004, 6.3.8).
    public static let quietZoneWidth = 4

    /// The code with its quiet zone as text for a terminal, two module rows per line: each
    /// character shows two modules one above the other with `▀` (top drawn), `▄` (bottom drawn),
    /// `█` (both) or a space (neither). Every line has ``size`` + 8 characters and ends with a
    /// newline, so codes up to version 13 (331 bytes at level M) fit 80 columns.
    ///
    /// A terminal draws the blocks in its text colour over its background colour, so which
    /// modules are drawn depends on `background`: for ``TerminalBackground/dark`` (light text on
    /// dark, most terminals' default) the light modules, for ``TerminalBackground/light`` the
    /// dark ones; either way the code shows dark on light, as readers expect. Drawn for the
    /// wrong background it shows inverted, which many readers (zbar among them) do not decode.
    public func terminalRendering(background: TerminalBackground = .dark) -> String {
        let margin = Self.quietZoneWidth
        let width = size + 2 * margin
        // Whether the terminal draws the module at (x, y), counted with the quiet zone: light
        // modules on a dark background, dark ones on a light background. Below the quiet zone
        // (the odd row the last line has spare) nothing is drawn.
        func isDrawn(x: Int, y: Int) -> Bool {
            guard y < width else { return false }
            let codeX = x - margin
            let codeY = y - margin
            let isDarkModule = (0..<size).contains(codeX) && (0..<size).contains(codeY) && isDark(x: codeX, y: codeY)
            return isDarkModule == (background == .light)
        }
        var text = ""
        text.reserveCapacity((width + 1) * (width + 1) / 2 * 3)
        for top in stride(from: 0, to: width, by: 2) {
            for x in 0..<width {
                switch (isDrawn(x: x, y: top), isDrawn(x: x, y: top + 1)) {
                case (true, true): text += "█"
                case (true, false): text += "▀"
                case (false, true): text += "▄"
                case (false, false): text += " "
                }
            }
            text += "\n"
        }
        return text
    }
}
