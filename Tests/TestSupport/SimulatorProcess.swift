import Foundation

/// Talking to a running `envisalink-simulator` process.
public enum SimulatorProcess {
    /// The port at the end of a `… listening on HOST:PORT` line.
    public static func port(in line: String) throws(TestSupportError) -> Int {
        guard let port = line.split(separator: ":").last.flatMap({ Int($0.trimmingCharacters(in: .whitespaces)) }) else {
            throw TestSupportError(.unexpectedReply, "no port at the end of \(String(reflecting: line))")
        }
        return port
    }

    /// Sends one command to the simulator's control port and returns its one-line answer.
    public static func control(_ port: Int, _ command: String) async throws -> String {
        let result = try await ProcessRunner.run("/bin/bash", arguments: [
            "-c", "exec 3<>/dev/tcp/127.0.0.1/\(port); printf '%s\\n' \"$1\" >&3; head -n 1 <&3", "control", command,
        ], timeout: .seconds(10))
        return result.stdout
    }
}

