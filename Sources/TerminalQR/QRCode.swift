/// A QR code (ISO/IEC 18004, model 2) holding bytes in byte mode: versions 1–40, error
/// correction levels L, M, Q and H, the mask chosen by the standard's penalty rules.
///
/// ```swift
/// let code = try QRCode(bytes: Array("https://alarm.example:8443/#token=…".utf8))
/// print(code.terminalRendering(), terminator: "")
/// ```
///
/// The smallest version that holds the bytes is used unless one is given. No Foundation, no
/// dependencies.
public struct QRCode: Sendable, Hashable {
    /// The version, which sets the size.
    public let version: QRVersion
    /// The error correction level.
    public let correction: QRErrorCorrection
    /// The data mask applied.
    public let mask: QRMask
    private let grid: ModuleGrid

    /// Encodes `bytes`.
    /// - Parameters:
    ///   - correction: the error correction level; ``QRErrorCorrection/medium`` by default.
    ///   - version: the version to use; by default the smallest that holds the bytes.
    ///   - mask: the mask to apply; by default the one with the lowest penalty.
    /// - Throws: ``QRCodeError/dataTooLong(byteCount:capacity:)`` when the bytes do not fit in
    ///   `version` (or in version 40) at `correction`.
    public init(
        bytes: [UInt8], correction: QRErrorCorrection = .medium, version: QRVersion? = nil, mask: QRMask? = nil
    ) throws(QRCodeError) {
        let candidates = version.map { [$0] } ?? QRVersion.all
        guard let chosen = candidates.first(where: { ByteModeEncoding.capacity($0, correction) >= bytes.count }) else {
            let largest = candidates[candidates.count - 1]
            throw .dataTooLong(byteCount: bytes.count, capacity: ByteModeEncoding.capacity(largest, correction))
        }
        let layout = chosen.codewordLayout(correction)
        let data = ByteModeEncoding.dataCodewords(bytes, version: chosen, dataCodewords: layout.dataCodewords)
        var unmasked = ModuleGrid(functionPatternsOf: chosen)
        unmasked.placeData(CodewordInterleaving.finalCodewords(data, layout: layout))
        let finished: (mask: QRMask, grid: ModuleGrid)
        if let mask {
            finished = (mask, unmasked.masked(mask, correction: correction))
        } else {
            finished = unmasked.bestMasked(correction: correction)
        }
        self.version = chosen
        self.correction = correction
        self.mask = finished.mask
        grid = finished.grid
    }

    /// The most bytes a QR code of `version` holds at `correction`.
    public static func capacity(of version: QRVersion, correction: QRErrorCorrection) -> Int {
        ByteModeEncoding.capacity(version, correction)
    }

    /// The number of modules on a side, without the quiet zone.
    public var size: Int { grid.size }

    /// Whether the module in column `x`, row `y` (both 0..<``size``, from the top left) is dark.
    public func isDark(x: Int, y: Int) -> Bool {
        precondition((0..<size).contains(x) && (0..<size).contains(y), "(\(x), \(y)) is outside a \(size) × \(size) code")
        return grid.isDark(x: x, y: y)
    }

    /// The modules row by row from the top, each row from the left; true = dark. Without the
    /// quiet zone.
    public var modules: [[Bool]] { grid.rows }
}
