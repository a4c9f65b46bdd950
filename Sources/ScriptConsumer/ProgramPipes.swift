#if canImport(Glibc)
import Glibc
#endif
import AlarmCore

/// The consumer's ends of a running program's pipes, and the blocking loop that serves them.
struct ProgramPipes: Sendable {
    /// One of the program's output streams.
    enum Stream: String, Sendable {
        case standardOutput = "stdout"
        case standardError = "stderr"
    }

    /// The write end of the program's standard input.
    let standardInput: Int32
    /// The read end of the program's standard output.
    let standardOutput: Int32
    /// The read end of the program's standard error.
    let standardError: Int32
    /// Becomes readable once the program has exited and been reaped; ``SpawnedProgram`` closes it.
    let exitNotice: Int32

    /// Writes `input` to the program's standard input and then closes it, while passing every
    /// line the program writes to `line`. Returns when both output streams have ended, or as
    /// soon as what the program wrote before it exited has been read (a process it left behind
    /// may hold the pipes open for much longer). Closes the standard input, output and error pipes.
    ///
    /// Blocks: call it once, off the Swift concurrency pool.
    func pump(input: [UInt8], line: (Stream, String) -> Void) {
        // A program that exits without reading its input must give EPIPE here, not kill the consumer.
        var pipeSignal = sigset_t()
        sigemptyset(&pipeSignal)
        sigaddset(&pipeSignal, SIGPIPE)
        pthread_sigmask(SIG_BLOCK, &pipeSignal, nil)
        for descriptor in [standardInput, standardOutput, standardError] {
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        }

        var writer: InputWriter? = InputWriter(descriptor: standardInput, bytes: input)
        var readers = [OutputReader(descriptor: standardOutput, stream: .standardOutput),
                       OutputReader(descriptor: standardError, stream: .standardError)]
        while !readers.isEmpty {
            if writer?.isDone == true { writer = nil }
            var polled = readers.map { pollfd(fd: $0.descriptor, events: Int16(POLLIN), revents: 0) }
            polled.append(pollfd(fd: exitNotice, events: Int16(POLLIN), revents: 0))
            if let writer { polled.append(pollfd(fd: writer.descriptor, events: Int16(POLLOUT), revents: 0)) }
            if poll(&polled, nfds_t(polled.count), -1) < 0 {
                if errno == EINTR { continue }
                break
            }
            let exited = polled[readers.count].revents != 0
            if writer != nil, let last = polled.last, last.revents != 0 { writer?.writeSome() }
            for index in readers.indices.reversed() where exited || polled[index].revents != 0 {
                if !readers[index].readAvailable(line: line) { readers.remove(at: index) }
            }
            if exited { break }
        }
        writer?.close()
        for index in readers.indices { readers[index].finish(line: line) }
    }
}

/// Writes a job body to a program's standard input without blocking, then closes it.
private struct InputWriter {
    let descriptor: Int32
    let bytes: [UInt8]
    private var written = 0
    private(set) var isDone = false

    init(descriptor: Int32, bytes: [UInt8]) {
        self.descriptor = descriptor
        self.bytes = bytes
        if bytes.isEmpty { close() }
    }

    /// Writes what the pipe takes now; closes it when everything is written, or when the
    /// program has closed its end (what it did not read is dropped).
    mutating func writeSome() {
        let count = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + written, bytes.count - written) }
        if count > 0 {
            written += count
            if written == bytes.count { close() }
        } else if errno != EAGAIN && errno != EINTR {
            close()
        }
    }

    mutating func close() {
        guard !isDone else { return }
        Glibc.close(descriptor)
        isDone = true
    }
}

/// Reads one of a program's output streams and splits it into lines.
private struct OutputReader {
    let descriptor: Int32
    let stream: ProgramPipes.Stream
    private var splitter = OutputLineSplitter()

    init(descriptor: Int32, stream: ProgramPipes.Stream) {
        self.descriptor = descriptor
        self.stream = stream
    }

    /// Reads everything available now and hands over the complete lines. Returns `false`
    /// once the stream has ended (and has been finished).
    mutating func readAvailable(line: (ProgramPipes.Stream, String) -> Void) -> Bool {
        var buffer = [UInt8](repeating: 0, count: 16_384)
        while true {
            let count = read(descriptor, &buffer, buffer.count)
            if count > 0 {
                for text in splitter.append(buffer[..<count]) { line(stream, text) }
            } else if count < 0 && errno == EINTR {
                continue
            } else if count < 0 && errno == EAGAIN {
                return true
            } else {
                finish(line: line)
                return false
            }
        }
    }

    /// Hands over an unfinished last line and closes the stream.
    mutating func finish(line: (ProgramPipes.Stream, String) -> Void) {
        if let last = splitter.finish() { line(stream, last) }
        close(descriptor)
    }
}
