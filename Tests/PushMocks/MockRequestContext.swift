import Hummingbird
import NIOCore

/// The request context of the mocks: Hummingbird's basics plus the channel the request came on
/// (an HTTP/2 stream, or the connection with HTTP/1.1).
struct MockRequestContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    let channel: any Channel

    init(source: ApplicationRequestContextSource) {
        coreContext = CoreRequestContextStorage(source: source)
        channel = source.channel
    }
}
