#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// Name-based UUIDs (RFC 9562 version 5: SHA-1 of a namespace and a name): the same inputs give
/// the same UUID on every run and on every host, as Python's `uuid.uuid5` does.
///
/// SHA-1 is used here only as the RFC's naming function, not for security; it is the package's
/// own (``SHA1``), so that the small daemons need no cryptography library.
public enum NameBasedUUID {
    /// The version 5 UUID of `name` in `namespace`.
    public static func version5(namespace: UUID, name: some Sequence<UInt8>) -> UUID {
        var uuid = namespace.uuid
        let digest = withUnsafeBytes(of: uuid) { SHA1.digest(Array($0) + Array(name)) }
        withUnsafeMutableBytes(of: &uuid) { $0.copyBytes(from: digest.prefix(16)) }
        uuid.6 = uuid.6 & 0x0F | 0x50  // version 5
        uuid.8 = uuid.8 & 0x3F | 0x80  // RFC 9562 variant
        return UUID(uuid: uuid)
    }

    /// The namespace of ``AlarmEvent/stableID`` for events without an `id`.
    static let legacyEventNamespace = UUID(uuidString: "c447707b-91a8-410b-80ab-000dab82bedc")!
}
