@testable import Beanstalk
import NIOCore
import NIOTestUtils
import Testing

@Suite("Reply decoder")
struct ReplyDecoderTests {
    private func decodeAll(_ text: String) throws -> [BeanstalkReply] {
        var buffer = ByteBuffer(string: text)
        var replies: [BeanstalkReply] = []
        let decoder = BeanstalkReplyDecoder()
        while let reply = try decoder.decode(buffer: &buffer) {
            replies.append(reply)
        }
        #expect(buffer.readableBytes == 0, "bytes left over: \(String(buffer: buffer))")
        return replies
    }

    @Test("every line reply", arguments: [
        ("INSERTED 42\r\n", BeanstalkReply.inserted(JobID(42))),
        ("INSERTED 18446744073709551615\r\n", .inserted(JobID(.max))),
        ("BURIED 7\r\n", .buried(JobID(7))),
        ("BURIED\r\n", .buried(nil)),
        ("USING a-tube.1\r\n", .using("a-tube.1")),
        ("WATCHING 3\r\n", .watching(3)),
        ("KICKED 12\r\n", .kicked(12)),
        ("KICKED\r\n", .kicked(nil)),
        ("DEADLINE_SOON\r\n", .deadlineSoon),
        ("TIMED_OUT\r\n", .timedOut),
        ("DELETED\r\n", .deleted),
        ("RELEASED\r\n", .released),
        ("TOUCHED\r\n", .touched),
        ("PAUSED\r\n", .paused),
        ("NOT_FOUND\r\n", .notFound),
        ("NOT_IGNORED\r\n", .notIgnored),
        ("EXPECTED_CRLF\r\n", .expectedCRLF),
        ("JOB_TOO_BIG\r\n", .jobTooBig),
        ("DRAINING\r\n", .draining),
        ("OUT_OF_MEMORY\r\n", .outOfMemory),
        ("INTERNAL_ERROR\r\n", .internalError),
        ("BAD_FORMAT\r\n", .badFormat),
        ("UNKNOWN_COMMAND\r\n", .unknownCommand),
    ])
    func lineReply(wire: String, expected: BeanstalkReply) throws {
        #expect(try decodeAll(wire) == [expected])
    }

    @Test func bodyRepliesKeepEmbeddedCRLFAndBinaryBytes() throws {
        let body: [UInt8] = [0x00, 0x0D, 0x0A, 0xFF, 0x0D, 0x0A]
        var wire = ByteBuffer(string: "RESERVED 5 6\r\n")
        wire.writeBytes(body)
        wire.writeString("\r\nFOUND 6 0\r\n\r\nOK 9\r\n---\na: 1\n\r\n")
        var replies: [BeanstalkReply] = []
        let decoder = BeanstalkReplyDecoder()
        while let reply = try decoder.decode(buffer: &wire) { replies.append(reply) }
        #expect(replies == [
            .reserved(JobID(5), ByteBuffer(bytes: body)),
            .found(JobID(6), ByteBuffer()),
            .ok(ByteBuffer(string: "---\na: 1\n")),
        ])
    }

    @Test func manyRepliesInOneBuffer() throws {
        let wire = String(repeating: "INSERTED 1\r\nDELETED\r\n", count: 500)
        let replies = try decodeAll(wire)
        #expect(replies.count == 1000)
        #expect(replies.first == .inserted(JobID(1)))
        #expect(replies.last == .deleted)
    }

    @Test func dripFedAndWholeBufferAgree() throws {
        let pairs: [(String, [BeanstalkReply])] = [
            ("INSERTED 1\r\n", [.inserted(JobID(1))]),
            ("RESERVED 9 4\r\na\r\nb\r\n", [.reserved(JobID(9), ByteBuffer(string: "a\r\nb"))]),
            ("OK 0\r\n\r\nTIMED_OUT\r\n", [.ok(ByteBuffer()), .timedOut]),
            ("KICKED\r\nWATCHING 2\r\n", [.kicked(nil), .watching(2)]),
        ]
        try ByteToMessageDecoderVerifier.verifyDecoder(
            stringInputOutputPairs: pairs, decoderFactory: { BeanstalkReplyDecoder() })
    }

    @Test func incompleteReplyLeavesBufferUntouched() throws {
        for partial in ["INSER", "INSERTED 1\r", "RESERVED 1 5\r\nab", "RESERVED 1 2\r\nab\r"] {
            var buffer = ByteBuffer(string: partial)
            #expect(try BeanstalkReplyDecoder().decode(buffer: &buffer) == nil)
            #expect(buffer.readableBytes == partial.utf8.count)
        }
    }

    @Test("malformed replies poison the stream", arguments: [
        "HELLO\r\n",
        "INSERTED\r\n",
        "INSERTED abc\r\n",
        "INSERTED -1\r\n",
        "INSERTED 1 2\r\n",
        "INSERTED 18446744073709551616\r\n",
        "DELETED \r\n",
        "RESERVED 1 2\r\nabXY",
        "OK x\r\n",
        "FOUND 1\r\n",
        "INSERTED 1\rX\n",
        "\r\n",
    ])
    func malformed(wire: String) {
        var buffer = ByteBuffer(string: wire)
        #expect {
            _ = try BeanstalkReplyDecoder().decode(buffer: &buffer)
        } throws: { error in
            (error as? BeanstalkError)?.code == .protocolViolation
        }
    }

    @Test func overlongLineIsRejectedWithoutWaitingForever() {
        var buffer = ByteBuffer(string: String(repeating: "A", count: BeanstalkReplyDecoder.maximumLineLength))
        #expect(throws: BeanstalkError.self) { _ = try BeanstalkReplyDecoder().decode(buffer: &buffer) }
        var longest = ByteBuffer(string: "USING " + String(repeating: "t", count: 200) + "\r\n")
        #expect(throws: Never.self) { _ = try BeanstalkReplyDecoder().decode(buffer: &longest) }
    }
}
