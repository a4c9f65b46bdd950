/// A black-and-white picture as a binary PGM (P5) file, which `zbarimg` reads.
struct GrayImage {
    /// The pixels row by row; true = dark.
    let darkPixels: [[Bool]]

    /// A picture of `modules` (true = dark), `scale` pixels to a module.
    init(modules: [[Bool]], scale: Int = 4) {
        darkPixels = modules.flatMap { row in
            let scaled = row.flatMap { Array(repeating: $0, count: scale) }
            return Array(repeating: scaled, count: scale)
        }
    }

    /// The file's bytes: header, then one byte per pixel (0 black, 255 white).
    var pgm: [UInt8] {
        let header = "P5\n\(darkPixels.first?.count ?? 0) \(darkPixels.count)\n255\n"
        return Array(header.utf8) + darkPixels.flatMap { $0.map { $0 ? 0 : 255 } }
    }
}
