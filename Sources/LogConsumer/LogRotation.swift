#if canImport(Glibc)
import Glibc
#endif

/// Size-based rotation: before a line would take the file past `maximumBytes`, the file becomes
/// `FILE.1`, `FILE.1` becomes `FILE.2` and so on; `FILE.keep` is dropped.
public struct LogRotation: Sendable, Hashable {
    /// The size a file may reach (a single longer line still gets a file of its own).
    public var maximumBytes: Int64
    /// How many rotated files are kept.
    public var keep: Int

    /// Creates a rotation policy.
    public init(maximumBytes: Int64, keep: Int) {
        precondition(maximumBytes >= 1 && keep >= 1, "rotate at a positive size and keep at least one file")
        self.maximumBytes = maximumBytes
        self.keep = keep
    }

    /// Whether a file of `size` bytes must be rotated before `lineLength` more are appended.
    func isDue(size: Int64, lineLength: Int) -> Bool {
        size > 0 && size + Int64(lineLength) > maximumBytes
    }

    /// The renames that rotate `path`, oldest first: `FILE.(keep-1)` → `FILE.keep` (replacing
    /// the oldest), …, `FILE` → `FILE.1`. Done in this order, a rotation interrupted half-way
    /// can simply be done again.
    func renames(of path: String) -> [(from: String, to: String)] {
        (0..<keep).reversed().map { index in
            (from: index == 0 ? path : "\(path).\(index)", to: "\(path).\(index + 1)")
        }
    }

    /// Renames the files (a missing one is skipped) and syncs the directory.
    func rotate(_ path: String) throws(EventLogError) {
        for (from, to) in renames(of: path) where rename(from, to) != 0 && errno != ENOENT {
            throw EventLogError(.rotate, path: from, errorNumber: errno)
        }
        try LogFile.syncDirectory(containing: path)
    }
}
