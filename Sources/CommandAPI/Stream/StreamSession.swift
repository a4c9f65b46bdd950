import Hummingbird
import NIOCore

/// One open `GET /v1/stream` response, written in three parts:
/// 1. `retry:`, then the catch-up: with `Last-Event-ID: N` the stored events after `N`, then the
///    status; without, the status only. The status frame's id is the last event's cursor.
/// 2. The live events (each with the status after it), delivery reports and daemon changes from the hub, minus
///    the events the catch-up sent already: the subscription started before the catch-up read the
///    store, so nothing falls between the two, and nothing is sent twice.
/// 3. `: keepalive` every few seconds, in between, while the token is still valid.
///
/// It ends when the client goes, when the hub ends it (a client too slow, shutdown), when the
/// token was revoked, or when the store fails.
struct StreamSession: Sendable {
    /// Events per read of the store while catching up.
    static let replayPage = 500
    static let keepaliveComment = ByteBuffer(bytes: ServerSentEvents.comment("keepalive"))

    let store: EventStore
    let daemons: DaemonBoard
    let subscription: StreamSubscription
    let resumeAfter: Int64?
    /// Whether the token that opened the stream is still valid (not revoked).
    let stillAuthorized: @Sendable () async -> Bool

    func run(_ writer: inout any ResponseBodyWriter) async throws {
        try await writer.write(ByteBuffer(bytes: ServerSentEvents.retry(milliseconds: StreamFrames.retryMilliseconds)))
        var sent = try await catchUp(&writer)
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { [subscription, stillAuthorized] in
                while true {
                    try await Task.sleep(for: subscription.hub.settings.keepalive)
                    guard await stillAuthorized() else { return subscription.end() }
                    subscription.keepalive()
                }
            }
            for await message in subscription.messages {
                switch message {
                case .stored(let cursor, let frames):
                    guard cursor > sent else { continue }
                    try await writer.write(frames)
                    sent = cursor
                case .delivery(let frame), .daemons(let frame):
                    try await writer.write(frame)
                case .keepalive:
                    try await writer.write(Self.keepaliveComment)
                }
            }
            group.cancelAll()
        }
        try await writer.finish(nil)
    }

    /// Writes the catch-up; returns the cursor of the last event it covers.
    private func catchUp(_ writer: inout any ResponseBodyWriter) async throws -> Int64 {
        var sent = resumeAfter
        while true {
            if let after = sent { sent = try await replay(after: after, &writer) }
            let (state, last) = try await store.stateAndLastEvent()
            let current = last?.cursor ?? 0
            // Events stored while the replay ran: replay them first, so that the status follows them.
            if let sent, current > sent { continue }
            try await writer.write(ByteBuffer(bytes: StreamFrames.status(state, lastEvent: last, daemons: await daemons.current())))
            return current
        }
    }

    /// Writes the stored events after `cursor`, page by page; returns the last one's cursor.
    private func replay(after cursor: Int64, _ writer: inout any ResponseBodyWriter) async throws -> Int64 {
        var last = cursor
        while true {
            let page = try await store.events(after: last, limit: Self.replayPage)
            guard let newest = page.last else { return last }
            var frames = ByteBuffer()
            for stored in page { frames.writeBytes(StreamFrames.event(stored)) }
            try await writer.write(frames)
            last = newest.cursor
        }
    }
}
