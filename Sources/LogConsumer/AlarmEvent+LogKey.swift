import AlarmCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension AlarmEvent {
    /// What the event log knows this event by, to write it once: its `id`, or for events from
    /// old producers, which have none, the version 5 UUID of its canonical JSON (the same UUID
    /// as the push consumer's delivery id), so a redelivered copy has the same key.
    var logKey: UUID {
        id ?? NameBasedUUID.version5(namespace: NameBasedUUID.legacyEventNamespace, name: jsonBytes())
    }
}
