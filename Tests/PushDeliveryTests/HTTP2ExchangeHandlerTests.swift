import NIOCore
import NIOEmbedded
import NIOHPACK
import NIOHTTP2
@testable import PushDelivery
import Testing

/// The HTTP/2 exchange handler on an embedded channel, frame by frame and with a virtual clock:
/// keep-alive PINGs and closing after GOAWAY.
@Suite struct HTTP2ExchangeHandlerTests {
    private let loop = EmbeddedEventLoop()
    private let channel: EmbeddedChannel

    init() throws {
        channel = try Self.connected(loop: loop, keepAlive: ProviderKeepAlive(pingInterval: .seconds(20), pingTimeout: .seconds(5)))
    }

    private static func connected(loop: EmbeddedEventLoop, keepAlive: ProviderKeepAlive) throws -> EmbeddedChannel {
        let channel = EmbeddedChannel(loop: loop)
        let origin = try ProviderURL("http://127.0.0.1:8443/").origin
        try channel.pipeline.syncOperations.addHandler(
            HTTP2ExchangeHandler(origin: origin, ready: loop.makePromise(), keepAlive: keepAlive, goingAway: {}))
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 8443)).wait()
        return channel
    }

    /// Writes a request and returns its reply's future; its frames are taken off the channel.
    private func send() throws -> EventLoopFuture<ProviderReply> {
        let reply = loop.makePromise(of: ProviderReply.self)
        try channel.writeOutbound(ProviderExchange(
            method: "POST", url: try ProviderURL("http://127.0.0.1:8443/3/device/ab"), headerFields: [],
            body: Array("{}".utf8), deadline: .now() + .hours(1), reply: reply))
        while try channel.readOutbound(as: HTTP2Frame.self) != nil {}
        return reply.futureResult
    }

    private func answer(_ streamID: HTTP2StreamID) throws {
        let headers = HPACKHeaders([(":status", "200")])
        try channel.writeInbound(HTTP2Frame(streamID: streamID, payload: .headers(.init(headers: headers, endStream: true))))
    }

    /// The next frame written, if it is a PING (not an acknowledgement): its data.
    private func sentPing() throws -> HTTP2PingData? {
        guard let frame = try channel.readOutbound(as: HTTP2Frame.self), case .ping(let data, ack: false) = frame.payload
        else { return nil }
        return data
    }

    @Test func aQuietConnectionIsPingedAndStaysWhileThePingsAreAcknowledged() throws {
        loop.advanceTime(by: .seconds(20))
        let ping = try #require(try sentPing())
        try channel.writeInbound(HTTP2Frame(streamID: .rootStream, payload: .ping(ping, ack: true)))
        loop.advanceTime(by: .seconds(5))
        #expect(channel.isActive)
        loop.advanceTime(by: .seconds(15))
        let next = try #require(try sentPing())
        try channel.writeInbound(HTTP2Frame(streamID: .rootStream, payload: .ping(next, ack: true)))
        loop.advanceTime(by: .seconds(10))
        #expect(channel.isActive)
    }

    @Test func aPingWithoutAnAcknowledgementClosesTheConnectionAndFailsItsStreams() throws {
        let pending = try send()
        loop.advanceTime(by: .seconds(20))
        #expect(try sentPing() != nil)
        loop.advanceTime(by: .seconds(5))
        // Required before waiting: a reply that never fails would make the wait hang.
        try #require(!channel.isActive)
        #expect(throws: PushTransportError.self) { try pending.wait() }
    }

    @Test func aConnectionThatGotGOAWAYClosesWhenItsLastStreamFinishes() throws {
        let first = try send()
        let second = try send()
        try channel.writeInbound(HTTP2Frame(
            streamID: .rootStream, payload: .goAway(lastStreamID: 3, errorCode: .noError, opaqueData: nil)))
        try answer(1)
        #expect(try first.wait().status == 200)
        #expect(channel.isActive, "stream 3 is still running")
        try answer(3)
        #expect(try second.wait().status == 200)
        #expect(!channel.isActive)
    }
}
