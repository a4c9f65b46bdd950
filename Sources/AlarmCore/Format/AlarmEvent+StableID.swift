#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

extension AlarmEvent {
    /// The id every consumer knows this event by (the log's repeats, the push ledger, every
    /// `apns-id` and collapse id): ``id``, or for events from old producers, which have none, the
    /// version 5 UUID of the event's canonical JSON, so that a redelivered copy gets the same one.
    public var stableID: UUID {
        id ?? NameBasedUUID.version5(namespace: NameBasedUUID.legacyEventNamespace, name: jsonBytes())
    }
}
