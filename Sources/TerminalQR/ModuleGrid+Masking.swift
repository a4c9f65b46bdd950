extension ModuleGrid {
    /// This grid (data placed, format information not yet) with `mask` applied to its data
    /// modules and the format information of `correction` and `mask` drawn.
    func masked(_ mask: QRMask, correction: QRErrorCorrection) -> ModuleGrid {
        var grid = self
        for y in 0..<size {
            for x in 0..<size where !isFunction(x: x, y: y) && mask.inverts(x: x, y: y) {
                grid.setData(x: x, y: y, dark: !isDark(x: x, y: y))
            }
        }
        grid.drawFormatInformation(FormatInformation.formatBits(correction, mask))
        return grid
    }

    /// The mask whose finished symbol (format information included, as a reader sees it) has
    /// the lowest ``MaskPenalty``, the lowest-numbered on a tie, and that symbol.
    func bestMasked(correction: QRErrorCorrection) -> (mask: QRMask, grid: ModuleGrid) {
        var best = (mask: QRMask.pattern0, grid: masked(.pattern0, correction: correction))
        var lowestPenalty = MaskPenalty.score(best.grid)
        for mask in QRMask.allCases.dropFirst() {
            let grid = masked(mask, correction: correction)
            let penalty = MaskPenalty.score(grid)
            if penalty < lowestPenalty {
                best = (mask, grid)
                lowestPenalty = penalty
            }
        }
        return best
    }
}
