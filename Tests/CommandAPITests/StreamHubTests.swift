import CommandAPITestSupport
import NIOCore
import Testing

@testable import CommandAPI

/// ``StreamHub`` alone: bounded buffers, limits, shutdown.
@Suite("Stream hub")
struct StreamHubTests {
    static func message(_ cursor: Int64) -> StreamMessage {
        .stored(cursor: cursor, frames: ByteBuffer(string: "frame \(cursor)"))
    }

    static func cursors(_ subscription: StreamSubscription) async -> [Int64] {
        var cursors: [Int64] = []
        for await message in subscription.messages {
            if case .stored(let cursor, _) = message { cursors.append(cursor) }
        }
        return cursors
    }

    @Test func aClientThatDoesNotKeepUpIsEndedAndOthersGetEverything() async throws {
        let hub = StreamHub(settings: StreamSettings(bufferSize: 4), logger: quietLogger)
        let slow = try hub.subscribe(tokenName: "slow")
        let fast = try hub.subscribe(tokenName: "fast")
        var received: [Int64] = []
        for cursor in Int64(1)...10 {
            hub.publish(Self.message(cursor))
            // The fast client takes each message as it comes; the slow one takes none.
            for await message in fast.messages {
                if case .stored(let got, _) = message { received.append(got) }
                break
            }
        }
        #expect(received == Array(1...10))
        // The slow one got what fitted in its buffer, then its stream ended.
        #expect(await Self.cursors(slow) == [1, 2, 3, 4])
        #expect(hub.subscriberCount == 1)
    }

    @Test func theLimitIsPerTokenAndReleasingFreesAPlace() throws {
        let hub = StreamHub(settings: StreamSettings(perTokenLimit: 1), logger: quietLogger)
        var first: StreamSubscription? = try hub.subscribe(tokenName: "phone")
        #expect(first != nil)
        #expect(throws: APIError.self) { try hub.subscribe(tokenName: "phone") }
        let other = try hub.subscribe(tokenName: "tablet")
        first = nil
        let again = try hub.subscribe(tokenName: "phone")
        #expect(hub.subscriberCount == 2)
        _ = (other, again)
    }

    @Test func endingAllEndsEveryStreamAfterWhatItHolds() async throws {
        let hub = StreamHub(logger: quietLogger)
        let subscription = try hub.subscribe(tokenName: "phone")
        hub.publish(Self.message(1))
        hub.endAll()
        #expect(await Self.cursors(subscription) == [1])
        #expect(hub.subscriberCount == 0)
    }
}
