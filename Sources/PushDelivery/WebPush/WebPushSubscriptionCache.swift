import AlarmCore
import Synchronization

/// The subscriptions of the devices sent to, each read once (its keys decoded from base64url,
/// `p256dh` checked as a point on P-256, the endpoint's origin found) rather than for every
/// notification.
///
/// A subscription is kept under the device's token (its endpoint) only while the device has the
/// keys it was read with: a browser that subscribed again with new keys is read again. At most
/// ``capacity`` are kept; one more replaces an arbitrary one. A subscription that cannot be read
/// is not kept, so its error comes again with every notification.
final class WebPushSubscriptionCache: Sendable {
    /// The most subscriptions kept by default: the browsers of a large household many times
    /// over, about 5 MB when full (1.3 KB each, most of it the parsed P-256 key).
    static let defaultCapacity = 4096

    /// The most subscriptions kept.
    let capacity: Int
    private let entries = Mutex<[DeviceToken: Entry]>([:])

    private struct Entry: Sendable {
        let keys: WebPushKeys
        let subscription: WebPushSubscription
    }

    /// An empty cache keeping at most `capacity` subscriptions.
    init(capacity: Int = defaultCapacity) {
        precondition(capacity > 0, "a subscription cache keeps at least one subscription")
        self.capacity = capacity
    }

    /// How many subscriptions are kept now.
    var count: Int { entries.withLock { $0.count } }

    /// `device`'s subscription, read from its token and keys unless it was read with the same keys before.
    func subscription(for device: RegisteredDevice) throws(WebPushError) -> WebPushSubscription {
        if let keys = device.webPushKeys, let entry = entries.withLock({ $0[device.token] }), entry.keys == keys {
            return entry.subscription
        }
        let subscription = try device.webPushSubscription()
        if let keys = device.webPushKeys {
            entries.withLock { entries in
                if entries[device.token] == nil, entries.count >= capacity {
                    entries.remove(at: entries.startIndex)
                }
                entries[device.token] = Entry(keys: keys, subscription: subscription)
            }
        }
        return subscription
    }
}
