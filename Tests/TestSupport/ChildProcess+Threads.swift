#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// The two threads behind every ``ChildProcess``: one moves bytes between the pipes and
/// ``ChildOutput``, one waits for the exit. They hold the shared state, never the
/// `ChildProcess`, so releasing it still runs its `deinit`. Blocking calls stay off the
/// Swift concurrency pool.
extension ChildProcess {
    static func startThreads(for spawned: ProcessSpawner.Spawned, input: [UInt8], output: WatchedState<ChildOutput>) {
        let pumpThread = Thread {
            pump(stdin: spawned.standardInput, input: input, stdout: spawned.standardOutput, stderr: spawned.standardError, output: output)
        }
        pumpThread.name = "child \(spawned.pid) pipes"
        pumpThread.start()
        let reaperThread = Thread {
            reap(spawned.pid, output: output)
        }
        reaperThread.name = "child \(spawned.pid) reaper"
        reaperThread.start()
    }

    /// Writes `input` to the child's stdin (then closes it) while reading stdout and stderr
    /// until both reach end of file.
    private static func pump(stdin: Int32?, input: [UInt8], stdout: Int32, stderr: Int32, output: WatchedState<ChildOutput>) {
        // A child that closes stdin early must give EPIPE here, not kill the test process.
        var pipeSignal = sigset_t()
        sigemptyset(&pipeSignal)
        sigaddset(&pipeSignal, SIGPIPE)
        pthread_sigmask(SIG_BLOCK, &pipeSignal, nil)

        var inputDescriptor = stdin
        var written = 0
        if let descriptor = inputDescriptor {
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        }
        var readers: [(descriptor: Int32, stream: ChildOutput.Stream)] = [(stdout, .standardOutput), (stderr, .standardError)]
        var buffer = [UInt8](repeating: 0, count: 65_536)

        while inputDescriptor != nil || !readers.isEmpty {
            if let descriptor = inputDescriptor, written == input.count {
                Posix.close(descriptor)
                inputDescriptor = nil
                continue
            }
            var polled = readers.map { pollfd(fd: $0.descriptor, events: Int16(POLLIN), revents: 0) }
            if let descriptor = inputDescriptor { polled.append(pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)) }
            if poll(&polled, nfds_t(polled.count), -1) < 0 {
                if errno == EINTR { continue }
                break
            }
            if let descriptor = inputDescriptor, polled[readers.count].revents != 0 {
                let count = input.withUnsafeBytes { write(descriptor, $0.baseAddress! + written, input.count - written) }
                if count > 0 {
                    written += count
                } else if errno != EAGAIN && errno != EINTR {
                    written = input.count  // the child closed its stdin: drop the rest
                }
            }
            for index in readers.indices.reversed() where polled[index].revents != 0 {
                let reader = readers[index]
                let count = read(reader.descriptor, &buffer, buffer.count)
                if count > 0 {
                    output.update { $0.append(buffer[0..<count], to: reader.stream) }
                } else if count == 0 || (errno != EAGAIN && errno != EINTR) {
                    Posix.close(reader.descriptor)
                    output.update { $0.close(reader.stream) }
                    readers.remove(at: index)
                }
            }
        }
        // Only reached early if poll itself failed: report end of file rather than hang waiters.
        if let inputDescriptor { Posix.close(inputDescriptor) }
        for reader in readers {
            Posix.close(reader.descriptor)
            output.update { $0.close(reader.stream) }
        }
    }

    /// Waits for the exit without reaping, then reaps under the state lock, so
    /// ``signal(_:)`` (which checks the state under the same lock) never hits a recycled pid.
    private static func reap(_ pid: pid_t, output: WatchedState<ChildOutput>) {
        var info = siginfo_t()
        while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) != 0 && errno == EINTR {}
        output.update { state in
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
            state.exitStatus = ExitStatus(waitStatus: status)
        }
    }
}
