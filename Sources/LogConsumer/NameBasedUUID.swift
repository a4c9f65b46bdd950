#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Name-based UUIDs (RFC 9562 version 5: SHA-1 of a namespace and a name): the same inputs give
/// the same UUID on every run and on every host, as Python's `uuid.uuid5` does.
enum NameBasedUUID {
    /// The namespace of the keys of events without an `id`: the one the push consumer derives its
    /// delivery ids from, so both consumers know an old producer's event by the same UUID.
    static let legacyEventNamespace = UUID(uuidString: "c447707b-91a8-410b-80ab-000dab82bedc")!

    /// The version 5 UUID of `name` in `namespace`.
    static func version5(namespace: UUID, name: some Sequence<UInt8>) -> UUID {
        let namespaceBytes = withUnsafeBytes(of: namespace.uuid) { Array($0) }
        var bytes = Array(SHA1.digest(namespaceBytes + Array(name)).prefix(16))
        bytes[6] = bytes[6] & 0x0F | 0x50  // version 5
        bytes[8] = bytes[8] & 0x3F | 0x80  // RFC 9562 variant
        return UUID(
            uuid: (
                bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
            ))
    }
}
