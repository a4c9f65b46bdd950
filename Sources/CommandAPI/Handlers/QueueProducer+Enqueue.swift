import AlarmCore
import Beanstalk
import HTTPTypes
import Logging
import NIOCore

extension QueueProducer {
    /// Puts `body` on each of `tubes`, or throws 503: the handler cannot do its job without the
    /// queue. The client may try again; if the put failed half-way, some tubes may have the job.
    func enqueue(_ body: [UInt8], on tubes: [TubeName], logger: Logger) async throws(APIError) {
        do {
            _ = try await put(ByteBuffer(bytes: body), inEach: tubes)
        } catch {
            logger.error("could not put the job on the queue", metadata: ["error": "\(error)"])
            throw APIError(.serviceUnavailable, "the queue (beanstalkd) is unavailable; try again later")
        }
    }

    /// The taps among `taps` that someone watches now: an event goes on a tap only then. None
    /// when beanstalkd does not answer.
    func watched(_ taps: [TubeName]) async -> [TubeName] {
        zip(taps, await watcherCounts(of: taps) ?? []).filter { $0.1 > 0 }.map(\.0)
    }
}
