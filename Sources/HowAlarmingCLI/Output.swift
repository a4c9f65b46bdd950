#if canImport(Glibc)
import Glibc
#endif

/// Line-at-a-time output, flushed so pipes (and tests) see each line as it happens.
enum Output {
    static func line(_ text: String) {
        print(text)
        fflush(stdout)
    }

    static func error(_ text: String) {
        fputs("howalarming: \(text)\n", stderr)
    }
}
