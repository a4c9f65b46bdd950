@testable import Beanstalk
import NIOCore
import Testing

@Suite("Command encoding")
struct CommandEncodingTests {
    private func wire(_ command: BeanstalkCommand) -> String {
        var buffer = ByteBuffer()
        command.encode(into: &buffer)
        return String(buffer: buffer)
    }

    @Test("every command's bytes", arguments: [
        (BeanstalkCommand.put(priority: 0, delay: 0, ttr: 60, body: ByteBuffer(string: "hello")), "put 0 0 60 5\r\nhello\r\n"),
        (.put(priority: 4_294_967_295, delay: 10, ttr: 1, body: ByteBuffer()), "put 4294967295 10 1 0\r\n\r\n"),
        (.use(TubeName.default), "use default\r\n"),
        (.reserve, "reserve\r\n"),
        (.reserveWithTimeout(seconds: 0), "reserve-with-timeout 0\r\n"),
        (.reserveJob(JobID(18_446_744_073_709_551_615)), "reserve-job 18446744073709551615\r\n"),
        (.delete(JobID(3)), "delete 3\r\n"),
        (.release(JobID(3), priority: 100, delay: 5), "release 3 100 5\r\n"),
        (.bury(JobID(3), priority: 7), "bury 3 7\r\n"),
        (.touch(JobID(3)), "touch 3\r\n"),
        (.watch(TubeName.default), "watch default\r\n"),
        (.ignore(TubeName.default), "ignore default\r\n"),
        (.peek(JobID(10)), "peek 10\r\n"),
        (.peekReady, "peek-ready\r\n"),
        (.peekDelayed, "peek-delayed\r\n"),
        (.peekBuried, "peek-buried\r\n"),
        (.kick(bound: 100), "kick 100\r\n"),
        (.kickJob(JobID(4)), "kick-job 4\r\n"),
        (.statsJob(JobID(4)), "stats-job 4\r\n"),
        (.statsTube(TubeName.default), "stats-tube default\r\n"),
        (.stats, "stats\r\n"),
        (.listTubes, "list-tubes\r\n"),
        (.listTubeUsed, "list-tube-used\r\n"),
        (.listTubesWatched, "list-tubes-watched\r\n"),
        (.pauseTube(TubeName.default, delay: 30), "pause-tube default 30\r\n"),
        (.quit, "quit\r\n"),
    ])
    func encoding(command: BeanstalkCommand, expected: String) {
        #expect(wire(command) == expected)
    }

    @Test func putBodyIsWrittenVerbatimIncludingCRLF() {
        let body = ByteBuffer(bytes: [0x0D, 0x0A, 0x00, 0xFF])
        var buffer = ByteBuffer()
        BeanstalkCommand.put(priority: 1, delay: 2, ttr: 3, body: body).encode(into: &buffer)
        #expect(Array(buffer.readableBytesView) == Array("put 1 2 3 4\r\n".utf8) + [0x0D, 0x0A, 0x00, 0xFF, 0x0D, 0x0A])
    }

    @Test func decimalsWithoutStrings() {
        for value: UInt64 in [0, 1, 9, 10, 99, 100, 1_000_000, .max] {
            var buffer = ByteBuffer()
            buffer.writeDecimal(value)
            #expect(String(buffer: buffer) == String(value))
        }
    }

    @Test func repliesAreMatchedToTheirCommands() {
        #expect(BeanstalkCommand.put(priority: 0, delay: 0, ttr: 1, body: ByteBuffer()).accepts(.inserted(JobID(1))))
        #expect(!BeanstalkCommand.put(priority: 0, delay: 0, ttr: 1, body: ByteBuffer()).accepts(.deleted))
        #expect(!BeanstalkCommand.put(priority: 0, delay: 0, ttr: 1, body: ByteBuffer()).accepts(.buried(nil)))
        #expect(BeanstalkCommand.bury(JobID(1), priority: 0).accepts(.buried(nil)))
        #expect(!BeanstalkCommand.bury(JobID(1), priority: 0).accepts(.buried(JobID(1))))
        #expect(BeanstalkCommand.delete(JobID(1)).accepts(.outOfMemory))
        #expect(!BeanstalkCommand.reserve.accepts(.found(JobID(1), ByteBuffer())))
        #expect(BeanstalkCommand.kickJob(JobID(1)).accepts(.kicked(nil)))
        #expect(!BeanstalkCommand.kick(bound: 1).accepts(.kicked(nil)))
    }

    @Test func durationsBecomeWholeSecondsRoundedUp() throws {
        #expect(try Duration.zero.protocolSeconds(argument: "delay") == 0)
        #expect(try Duration.milliseconds(1).protocolSeconds(argument: "delay") == 1)
        #expect(try Duration.milliseconds(1500).protocolSeconds(argument: "delay") == 2)
        #expect(try Duration.seconds(60).protocolSeconds(argument: "ttr") == 60)
        #expect(throws: BeanstalkError.self) { try Duration.seconds(-1).protocolSeconds(argument: "delay") }
        #expect(throws: BeanstalkError.self) { try Duration.seconds(Int64(UInt32.max) + 1).protocolSeconds(argument: "delay") }
    }
}
