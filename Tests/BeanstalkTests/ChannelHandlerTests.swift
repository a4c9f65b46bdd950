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

    private func send(_ command: BeanstalkCommand, on channel: EmbeddedChannel, timeout: TimeAmount? = .seconds(5))
        -> EventLoopFuture<BeanstalkReply>
    {
        let promise = channel.eventLoop.makePromise(of: BeanstalkReply.self)
        let written = channel.eventLoop.makePromise(of: Void.self)
        written.futureResult.whenFailure { promise.fail($0) }
        channel.writeAndFlush(BeanstalkRequest(command: command, promise: promise, timeout: timeout), promise: written)
        return promise.futureResult
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
