import NIOCore

/// Feeds one connection's events into the client's session driver: the connection coming up,
/// each decoded packet, a decoding error, the connection going away. The driver carries out what
/// the session answers (writes through this channel, timers on its event loop, closing it).
final class MQTTChannelHandler: ChannelInboundHandler {
    typealias InboundIn = MQTTServerPacket

    private let driver: MQTTSessionDriver

    init(driver: MQTTSessionDriver) {
        self.driver = driver
    }

    func channelActive(context: ChannelHandlerContext) {
        driver.connectionEstablished(context.channel)
        context.fireChannelActive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        driver.received(unwrapInboundIn(data), on: context.channel)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        driver.failed(error, on: context.channel)
    }

    func channelInactive(context: ChannelHandlerContext) {
        driver.connectionLost(context.channel)
        context.fireChannelInactive()
    }
}
