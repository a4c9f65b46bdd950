import EnvisalinkTPI
import Foundation

/// The control interface on standard input: each line is a control command, and its one-line
/// reply goes to standard output.
///
/// Lines are read by a dedicated thread, since reading a terminal blocks; a read in progress
/// when the simulator stops ends with the process.
enum StandardInputControl {
    /// Serves standard input until its end or until the task is cancelled.
    static func serve(_ simulator: Simulator) async {
        let (lines, continuation) = AsyncStream.makeStream(of: [UInt8].self)
        let reader = Thread {
            while let line = readLine(strippingNewline: true) {
                continuation.yield(Array(line.utf8))
            }
            continuation.finish()
        }
        reader.name = "stdin control"
        reader.start()
        for await line in lines {
            guard let reply = await ControlConnection.reply(to: .line(line), simulator: simulator) else { continue }
            FileHandle.standardOutput.write(Data((reply + "\n").utf8))
        }
    }
}
