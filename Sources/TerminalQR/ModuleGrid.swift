/// The square of modules being built: each module dark or light, and marked when it belongs to
/// a function pattern (finder, separator, timing, alignment, format or version information),
/// which data placement and masking leave alone.
struct ModuleGrid: Sendable, Hashable {
    /// Modules on a side.
    let size: Int
    private var dark: [Bool]
    private var function: [Bool]

    /// An all-light grid with no function modules.
    init(size: Int) {
        self.size = size
        dark = Array(repeating: false, count: size * size)
        function = Array(repeating: false, count: size * size)
    }

    /// A grid of `rows` (each `rows.count` long, true = dark) with no function modules.
    init(rows: [[Bool]]) {
        self.init(size: rows.count)
        for (y, row) in rows.enumerated() {
            precondition(row.count == size, "a module grid is square")
            for (x, isDark) in row.enumerated() { dark[y * size + x] = isDark }
        }
    }

    /// Whether the module in column `x`, row `y` is dark.
    func isDark(x: Int, y: Int) -> Bool {
        dark[y * size + x]
    }

    /// Whether the module in column `x`, row `y` belongs to a function pattern.
    func isFunction(x: Int, y: Int) -> Bool {
        function[y * size + x]
    }

    /// Sets a function module (drawing it again is allowed: patterns overlap consistently).
    mutating func setFunction(x: Int, y: Int, dark isDark: Bool) {
        dark[y * size + x] = isDark
        function[y * size + x] = true
    }

    /// Sets a data module.
    mutating func setData(x: Int, y: Int, dark isDark: Bool) {
        precondition(!isFunction(x: x, y: y), "(\(x), \(y)) is a function module")
        dark[y * size + x] = isDark
    }

    /// The modules row by row, top first; true = dark.
    var rows: [[Bool]] {
        (0..<size).map { y in Array(dark[y * size..<(y + 1) * size]) }
    }
}
