public import AlarmCore

#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

extension NameBasedUUID {
    /// The `apns-id` for one event and one device: the version 5 UUID of the device token in the
    /// namespace of the event's ``AlarmCore/AlarmEvent/stableID``. Every retry of the pair reuses it.
    public static func apnsID(eventID: UUID, deviceToken: String) -> UUID {
        version5(namespace: eventID, name: deviceToken.utf8)
    }
}
