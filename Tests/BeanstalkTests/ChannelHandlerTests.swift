@testable import Beanstalk
import Logging
import NIOCore
import NIOEmbedded
import Testing

/// The channel handler without sockets: how replies, desync and timeouts are handled.
@Suite("Channel handler")
struct ChannelHandlerTests {
    private func makeChannel() throws -> EmbeddedChannel {
        let channel = EmbeddedChannel()
        try channel.pipeline.syncOperations.addHandlers([
            ByteToMessageHandler(BeanstalkReplyDecoder()),
            BeanstalkChannelHandler(logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() })),
        ])
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 11300)).wait()
        return channel
    }

    private func send(
        _ command: BeanstalkCommand, in tube: TubeName? = nil, on channel: EmbeddedChannel, timeout: TimeAmount? = .seconds(5)
    ) -> EventLoopFuture<BeanstalkReply> {
        sendBatch([(command, tube)], on: channel, timeout: timeout)[0]
    }

    /// Writes `commands` as one write, as ``BeanstalkConnection`` does for a fan-out.
    private func sendBatch(
        _ commands: [(BeanstalkCommand, TubeName?)], on channel: EmbeddedChannel, timeout: TimeAmount? = .seconds(5)
    ) -> [EventLoopFuture<BeanstalkReply>] {
        let promises = commands.map { _ in channel.eventLoop.makePromise(of: BeanstalkReply.self) }
        let written = channel.eventLoop.makePromise(of: Void.self)
        written.futureResult.whenFailure { error in promises.forEach { $0.fail(error) } }
        let requests = zip(commands, promises).map { command, promise in
            BeanstalkRequest(command: command.0, tube: command.1, promise: promise, timeout: timeout)
        }
        channel.writeAndFlush(requests, promise: written)
        return promises.map(\.futureResult)
    }

    private func put(_ text: String) -> BeanstalkCommand {
        .put(priority: 0, delay: 0, ttr: 1, body: ByteBuffer(string: text))
    }

    private func failure(of future: EventLoopFuture<BeanstalkReply>) -> BeanstalkError.Code? {
        do {
            _ = try future.wait()
            return nil
        } catch {
            return (error as? BeanstalkError)?.code
        }
    }

    @Test func pipelinedRepliesCompleteInOrder() throws {
        let channel = try makeChannel()
        let first = send(.delete(JobID(1)), on: channel)
        let second = send(.delete(JobID(2)), on: channel)
        let third = send(.delete(JobID(3)), on: channel)
        // A lone command is flushed at once; pipelined ones at the end of the loop's turn, together.
        #expect(try channel.readOutbound(as: ByteBuffer.self) == ByteBuffer(string: "delete 1\r\n"))
        #expect(try channel.readOutbound(as: ByteBuffer.self) == nil)
        channel.embeddedEventLoop.run()
        #expect(try channel.readOutbound(as: ByteBuffer.self) == ByteBuffer(string: "delete 2\r\n"))
        #expect(try channel.readOutbound(as: ByteBuffer.self) == ByteBuffer(string: "delete 3\r\n"))
        try channel.writeInbound(ByteBuffer(string: "DELETED\r\nNOT_FOUND\r\nDELETED\r\n"))
        #expect(try first.wait() == .deleted)
        #expect(try second.wait() == .notFound)
        #expect(try third.wait() == .deleted)
        #expect(channel.isActive)
    }

    @Test func generalErrorsKeepTheConnection() throws {
        let channel = try makeChannel()
        let reply = send(.stats, on: channel)
        try channel.writeInbound(ByteBuffer(string: "OUT_OF_MEMORY\r\n"))
        #expect(try reply.wait() == .outOfMemory)
        #expect(channel.isActive)
    }

    @Test func expectedCRLFClosesAndFailsEverythingOutstanding() throws {
        let channel = try makeChannel()
        let put = send(.put(priority: 0, delay: 0, ttr: 1, body: ByteBuffer(string: "x")), on: channel)
        let next = send(.stats, on: channel)
        try channel.writeInbound(ByteBuffer(string: "EXPECTED_CRLF\r\n"))
        #expect(failure(of: put) == .expectedCRLF)
        #expect(failure(of: next) == .expectedCRLF)
        #expect(!channel.isActive)
        let late = send(.stats, on: channel)
        #expect(throws: (any Error).self) { try late.wait() }
    }

    @Test func aReplyThatDoesNotFitTheCommandClosesTheConnection() throws {
        let channel = try makeChannel()
        let put = send(.put(priority: 0, delay: 0, ttr: 1, body: ByteBuffer()), on: channel)
        try channel.writeInbound(ByteBuffer(string: "DELETED\r\n"))
        #expect(failure(of: put) == .protocolViolation)
        #expect(!channel.isActive)
    }

    @Test func aUseAnsweredWithAnotherTubeClosesTheConnection() throws {
        let channel = try makeChannel()
        let use = send(.use(try TubeName("push")), on: channel)
        let put = send(.put(priority: 0, delay: 0, ttr: 1, body: ByteBuffer()), on: channel)
        try channel.writeInbound(ByteBuffer(string: "USING log\r\n"))
        try #require(!channel.isActive, "the put would go into the wrong tube")
        #expect(failure(of: use) == .protocolViolation)
        #expect(failure(of: put) == .protocolViolation)
    }

    @Test func aPutIsPrecededByTheUseOfItsTubeOnlyWhenTheServerUsesAnother() throws {
        let channel = try makeChannel()
        let push = try TubeName("push")
        let first = send(put("a"), in: push, on: channel)
        #expect(try channel.readOutbound(as: ByteBuffer.self) == ByteBuffer(string: "use push\r\nput 0 0 1 1\r\na\r\n"))
        try channel.writeInbound(ByteBuffer(string: "USING push\r\nINSERTED 1\r\n"))
        #expect(try first.wait() == .inserted(JobID(1)))
        let second = send(put("b"), in: push, on: channel)
        #expect(try channel.readOutbound(as: ByteBuffer.self) == ByteBuffer(string: "put 0 0 1 1\r\nb\r\n"))
        try channel.writeInbound(ByteBuffer(string: "INSERTED 2\r\n"))
        #expect(try second.wait() == .inserted(JobID(2)))
        // A put without a tube goes where the last `use` chose: `default` on a new connection.
        let third = send(put("c"), on: channel)
        #expect(try channel.readOutbound(as: ByteBuffer.self) == ByteBuffer(string: "use default\r\nput 0 0 1 1\r\nc\r\n"))
        try channel.writeInbound(ByteBuffer(string: "USING default\r\nINSERTED 3\r\n"))
        #expect(try third.wait() == .inserted(JobID(3)))
    }

    @Test func aBatchIsOneWriteThatNoOtherCommandCanSplit() throws {
        let channel = try makeChannel()
        let chosen = try TubeName("chosen")
        let use = send(.use(chosen), on: channel)
        _ = try channel.readOutbound(as: ByteBuffer.self)
        let fanOut = sendBatch([(put("x"), try TubeName("log")), (put("x"), try TubeName("cli"))], on: channel)
        let plain = send(put("y"), on: channel)
        channel.embeddedEventLoop.run()
        #expect(try channel.readOutbound(as: ByteBuffer.self)
            == ByteBuffer(string: "use log\r\nput 0 0 1 1\r\nx\r\nuse cli\r\nput 0 0 1 1\r\nx\r\n"))
        // The fan-out did not change the tube chosen by `use`.
        #expect(try channel.readOutbound(as: ByteBuffer.self) == ByteBuffer(string: "use chosen\r\nput 0 0 1 1\r\ny\r\n"))
        try channel.writeInbound(ByteBuffer(string:
            "USING chosen\r\nUSING log\r\nINSERTED 1\r\nUSING cli\r\nINSERTED 2\r\nUSING chosen\r\nINSERTED 3\r\n"))
        #expect(try use.wait() == .using("chosen"))
        #expect(try fanOut.map { try $0.wait() } == [.inserted(JobID(1)), .inserted(JobID(2))])
        #expect(try plain.wait() == .inserted(JobID(3)))
        #expect(channel.isActive)
    }

    @Test func aUseTheServerRefusesClosesTheConnection() throws {
        let channel = try makeChannel()
        let refused = send(put("z"), in: try TubeName("push"), on: channel)
        try channel.writeInbound(ByteBuffer(string: "OUT_OF_MEMORY\r\n"))
        try #require(!channel.isActive)
        #expect(failure(of: refused) == .protocolViolation)
    }

    @Test func unknownReplyClosesTheConnection() throws {
        let channel = try makeChannel()
        let reply = send(.stats, on: channel)
        try channel.writeInbound(ByteBuffer(string: "WHAT\r\n"))
        #expect(failure(of: reply) == .protocolViolation)
        #expect(!channel.isActive)
    }

    @Test func aCommandTimeoutClosesTheConnection() throws {
        let channel = try makeChannel()
        let slow = send(.stats, on: channel, timeout: .seconds(2))
        let queued = send(.stats, on: channel, timeout: .seconds(2))
        channel.embeddedEventLoop.advanceTime(by: .seconds(1))
        #expect(channel.isActive)
        channel.embeddedEventLoop.advanceTime(by: .seconds(2))
        #expect(failure(of: slow) == .commandTimedOut)
        #expect(failure(of: queued) == .commandTimedOut)
        #expect(!channel.isActive)
    }

    @Test func commandsBehindABlockingReserveWaitForIt() throws {
        let channel = try makeChannel()
        let reserve = send(.reserve, on: channel, timeout: nil)
        let stats = send(.stats, on: channel, timeout: .seconds(1))
        channel.embeddedEventLoop.advanceTime(by: .seconds(60))
        #expect(channel.isActive, "no timeout while a blocking reserve is at the head")
        try channel.writeInbound(ByteBuffer(string: "RESERVED 1 0\r\n\r\nOK 4\r\n---\n\r\n"))
        #expect(try reserve.wait() == .reserved(JobID(1), ByteBuffer()))
        #expect(try stats.wait() == .ok(ByteBuffer(string: "---\n")))
    }

    @Test func unsolicitedReplyClosesTheConnection() throws {
        let channel = try makeChannel()
        try channel.writeInbound(ByteBuffer(string: "DELETED\r\n"))
        #expect(!channel.isActive)
    }
}
