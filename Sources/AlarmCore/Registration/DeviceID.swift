#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// A registered device's public handle: the name-based UUID (version 5) of its provider and
/// token, so that the push consumer and the command API name a device without passing its token.
///
/// Tokens and Web Push endpoints are capability secrets; a device ID reveals neither, is the same
/// on every host and run, and is what push reports, the API's `/v1/devices/{device}` and the
/// console use.
public struct DeviceID: Sendable, Hashable, CustomStringConvertible {
    /// The UUID behind the handle.
    public let uuid: UUID

    /// The handle of the device with `token` at `provider`.
    public init(provider: PushProvider, token: String) {
        uuid = NameBasedUUID.version5(namespace: Self.namespace, name: Array("\(provider.rawValue):\(token)".utf8))
    }

    /// Parses a handle as written by ``description``; `nil` unless `text` is a UUID.
    public init?(_ text: some StringProtocol) {
        guard let uuid = UUID(uuidString: String(text)) else { return nil }
        self.uuid = uuid
    }

    /// The lowercase UUID string.
    public var description: String { uuid.uuidString.lowercased() }

    /// The namespace of device IDs (a random UUID, fixed forever).
    static let namespace = UUID(uuidString: "5b0d6f1e-3f7a-4c39-9a51-2d8e6b0c4a17")!
}

extension DeviceID: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        guard let id = DeviceID(try container.decode(String.self)) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "a device ID is a UUID")
        }
        self = id
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
