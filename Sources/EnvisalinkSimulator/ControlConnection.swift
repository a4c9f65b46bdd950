import EnvisalinkTPI
import NIOCore

/// Serves one control-port client: each line is a control command, answered with one line.
enum ControlConnection {
    /// Serves `channel` until the client hangs up or the task is cancelled.
    static func serve(_ channel: LineChannel, simulator: Simulator) async {
        try? await channel.executeThenClose { inbound, outbound in
            for try await line in inbound {
                guard let reply = await reply(to: line, simulator: simulator) else { continue }
                try await outbound.write(ByteBuffer(string: reply + "\n"))
            }
        }
    }

    /// The reply to a control line; `nil` for a blank line, which is skipped.
    static func reply(to line: ReceivedLine, simulator: Simulator) async -> String? {
        switch line {
        case .overlong:
            return "error line too long"
        case .line(let bytes):
            let text = String(decoding: bytes, as: UTF8.self)
            guard !text.allSatisfy(\.isWhitespace) else { return nil }
            return await simulator.control(text)
        }
    }
}
