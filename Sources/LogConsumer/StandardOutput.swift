#if canImport(Glibc)
import Glibc
#endif

/// Lines written straight to standard output's file descriptor, so that journald or a
/// supervisor (and a pipe) sees each line as it happens, not when a buffer fills.
public enum StandardOutput {
    /// Writes `text` and a newline. A failure (stdout closed) is ignored: the log file is the
    /// record, standard output only a copy for people.
    @Sendable public static func writeLine(_ text: String) {
        var bytes = Array((text + "\n").utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Glibc.write(STDOUT_FILENO, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return }
            bytes = bytes.dropFirst(written)
        }
    }
}
