import Foundation
public import ServiceLifecycle

/// The control interface on standard input: each line is a control command, and its one-line
/// reply goes to standard output.
///
/// Ends at end of input (run it with `successTerminationBehavior: .ignore` so that does not stop
/// the simulator) or on graceful shutdown. Lines are read by a dedicated thread, since reading a
/// terminal blocks; a read in progress at shutdown ends with the process.
public struct StandardInputControl: Service {
    private let simulator: Simulator

    /// Control for `simulator`.
    public init(simulator: Simulator) {
        self.simulator = simulator
    }

    public func run() async {
        let (lines, continuation) = AsyncStream.makeStream(of: [UInt8].self)
        let reader = Thread {
            while let line = readLine(strippingNewline: true) {
                continuation.yield(Array(line.utf8))
            }
            continuation.finish()
        }
        reader.name = "stdin control"
        reader.start()
        await cancelWhenGracefulShutdown {
            for await line in lines {
                guard let reply = await ControlConnection.reply(to: .line(line), simulator: simulator) else { continue }
                FileHandle.standardOutput.write(Data((reply + "\n").utf8))
            }
        }
    }
}
