/// The `subscription` of a `web` registration: exactly the browser's `PushSubscription.toJSON()`
/// (`endpoint`, `keys.p256dh`, `keys.auth`; `expirationTime` and other members are ignored).
/// Every failure is a ``FormatError`` naming the field, never quoting a key or the endpoint.
struct SubscriptionFields: Decodable {
    let endpoint: String
    let p256dh: String
    let auth: String

    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue _: Int) { nil }
    }

    init(from decoder: any Decoder) throws {
        guard let container = try? decoder.container(keyedBy: Key.self) else {
            throw FormatError(
                field: "subscription", reason: "expected an object (PushSubscription.toJSON()), got \(RegistrationFields.kind(of: decoder))")
        }
        endpoint = try Self.string(container, "endpoint", field: "subscription.endpoint")
        guard let keys = try? container.nestedContainer(keyedBy: Key.self, forKey: Key(stringValue: "keys")) else {
            throw FormatError(field: "subscription.keys", reason: "required object is missing (with p256dh and auth)")
        }
        p256dh = try Self.string(keys, "p256dh", field: "subscription.keys.p256dh")
        auth = try Self.string(keys, "auth", field: "subscription.keys.auth")
    }

    private static func string(_ container: KeyedDecodingContainer<Key>, _ key: String, field: String) throws -> String {
        let codingKey = Key(stringValue: key)
        guard container.contains(codingKey), try !container.decodeNil(forKey: codingKey) else {
            throw FormatError(field: field, reason: "required field is missing")
        }
        guard let text = try? container.decode(String.self, forKey: codingKey) else {
            throw FormatError(field: field, reason: "expected a string")
        }
        return text
    }
}
