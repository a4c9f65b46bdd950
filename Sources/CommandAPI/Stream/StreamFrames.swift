#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The frames of `GET /v1/stream`: the documents of the other endpoints as server-sent events.
enum StreamFrames {
    /// How long a client waits before reconnecting, in milliseconds.
    static let retryMilliseconds = 2000

    /// `event: event`, `id:` the cursor, data `{"cursor":N,"event":{…}}` as in `GET /v1/events`.
    static func event(_ stored: StoredEvent) -> [UInt8] {
        ServerSentEvents.frame(event: "event", id: stored.cursor, data: JSONResponse.encode(StoredEventDocument(stored)))
    }

    /// `event: status`, `id:` the last event's cursor (0 before any), data as `GET /v1/status`.
    static func status(_ state: PanelState, lastEvent: StoredEvent?, daemons: [DaemonStatus]) -> [UInt8] {
        ServerSentEvents.frame(
            event: "status", id: lastEvent?.cursor ?? 0,
            data: JSONResponse.encode(StatusDocument(state: state, lastEvent: lastEvent, daemons: daemons)))
    }

    /// `event: daemons`, data `{"daemons":[…]}` as in `GET /v1/status`; no `id`: the status
    /// frame after a reconnection carries the daemons too.
    static func daemons(_ daemons: [DaemonStatus]) -> [UInt8] {
        ServerSentEvents.frame(event: "daemons", data: JSONResponse.encode(["daemons": daemons]))
    }

    /// `event: delivery`, data a row as in `GET /v1/deliveries`; no `id`: deliveries are not
    /// replayed (the client reads `GET /v1/deliveries` after it reconnects).
    static func delivery(_ row: some Encodable) -> [UInt8] {
        ServerSentEvents.frame(event: "delivery", data: JSONResponse.encode(row))
    }
}
