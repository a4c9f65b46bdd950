import EnvisalinkTPI
import NIOCore

/// Serves one accepted proxy connection on its event loop: opens its session in the hub, hands
/// the hub each line, ends the login window, and tells the hub when the connection has closed.
/// The hub writes to the channel itself.
final class ProxyConnectionHandler: ChannelInboundHandler {
    typealias InboundIn = ReceivedLine

    private let hub: ProxyHub
    private var id: Int?
    private var loginWindow: Scheduled<Void>?

    init(hub: ProxyHub) {
        self.hub = hub
    }

    func channelActive(context: ChannelHandlerContext) {
        let address = context.channel.remoteAddress?.ipAddress ?? "unknown"
        guard let id = hub.connect(address: address, channel: context.channel) else {
            context.close(promise: nil)
            return
        }
        self.id = id
        loginWindow = context.eventLoop.scheduleTask(in: TimeAmount(EVLFrames.loginWindow)) { [hub] in
            hub.loginWindowEnded(for: id)
        }
        context.fireChannelActive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard let id else { return }
        hub.received(unwrapInboundIn(data), from: id)
    }

    func channelInactive(context: ChannelHandlerContext) {
        loginWindow?.cancel()
        if let id { hub.disconnected(id) }
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }
}
