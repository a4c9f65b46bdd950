import Crypto

#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// Name-based UUIDs (RFC 9562 version 5: SHA-1 of a namespace and a name): the same inputs give
/// the same UUID on every run and on every host, as Python's `uuid.uuid5` does.
///
/// SHA-1 is used here only as the RFC's naming function, not for security.
public enum StableUUID {
    /// The version 5 UUID of `name` in `namespace`.
    public static func version5(namespace: UUID, name: some Sequence<UInt8>) -> UUID {
        var hash = Crypto.Insecure.SHA1()
        withUnsafeBytes(of: namespace.uuid) { hash.update(bufferPointer: $0) }
        hash.update(data: Array(name))
        var bytes = Array(hash.finalize().prefix(16))
        bytes[6] = bytes[6] & 0x0F | 0x50  // version 5
        bytes[8] = bytes[8] & 0x3F | 0x80  // RFC 9562 variant
        return UUID(
            uuid: (
                bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
            ))
    }

    /// The namespace of ``AlarmEvent/deliveryID`` for events without an `id`.
    static let legacyEventNamespace = UUID(uuidString: "c447707b-91a8-410b-80ab-000dab82bedc")!

    /// The `apns-id` for one event and one device: the version 5 UUID of the device token in the
    /// namespace of the event's ``AlarmEvent/deliveryID``. Every retry of the pair reuses it.
    public static func apnsID(eventID: UUID, deviceToken: String) -> UUID {
        version5(namespace: eventID, name: deviceToken.utf8)
    }
}
