#if canImport(Glibc)
import Glibc
#endif

/// Line-at-a-time output written straight to the file descriptors, so pipes (and tests)
/// see each line as it happens.
enum Output {
    /// Writes `text` and a newline to standard output.
    ///
    /// - Throws: ``CLIFailure`` when standard output is gone, for example a pipe whose reader
    ///   exited. SwiftNIO ignores `SIGPIPE`, so without this `tail | head -1` would go on
    ///   deleting events that nobody sees.
    static func line(_ text: String) throws(CLIFailure) {
        if let failure = write(text + "\n", to: STDOUT_FILENO) {
            throw CLIFailure("cannot write to standard output (\(String(cString: strerror(failure))))")
        }
    }

    /// Writes `howalarming: text` to standard error; a failure to do so is ignored.
    static func error(_ text: String) {
        _ = write("howalarming: \(text)\n", to: STDERR_FILENO)
    }

    /// Writes all of `text`; returns the `errno` of a failed write.
    private static func write(_ text: String, to descriptor: Int32) -> Int32? {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return written < 0 ? errno : EIO }
            bytes = bytes.dropFirst(written)
        }
        return nil
    }
}
