#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import AlarmCore
import Hummingbird
import Logging

/// `POST /v1/events/{cursor}/acknowledge` and `POST /v1/events/by-id/{event_id}/acknowledge`
/// (control): records that the caller's token acknowledged the event, once, and announces it on
/// the event tubes (``AcknowledgementRecorder``); asking again answers the first acknowledgement.
struct AcknowledgeHandler: Sendable {
    let acknowledgements: AcknowledgementStore
    let recorder: AcknowledgementRecorder

    private struct Acknowledged: Encodable {
        let cursor: Int64
        let by: String
        let time: Int64
    }

    func byCursor(_ request: Request, context: APIRequestContext) async throws -> Response {
        let text = try context.parameters.require("cursor")
        guard let cursor = Int64(text), cursor >= 1 else {
            throw APIError.badRequest("cursor: must be an event's cursor, an integer from 1 to \(Int64.max)")
        }
        return try await acknowledge(.cursor(cursor), context: context)
    }

    func byID(_ request: Request, context: APIRequestContext) async throws -> Response {
        guard let id = UUID(uuidString: try context.parameters.require("event_id")) else {
            throw APIError.badRequest("event_id: must be an event's id, a UUID")
        }
        return try await acknowledge(.id(id), context: context)
    }

    private func acknowledge(_ event: AcknowledgementStore.EventReference, context: APIRequestContext) async throws -> Response {
        let by = Acknowledger.token(name: try context.authenticatedCaller().tokenName)
        guard let found = try await acknowledgements.lookup(event, by: by) else {
            throw APIError(.notFound, "no such event is stored (it may be older than command.retention_days)")
        }
        let acknowledgement = try await recorder.record(found, by: by, logger: context.logger)
        return JSONResponse.make(Acknowledged(cursor: acknowledgement.cursor, by: by.displayName, time: acknowledgement.time))
    }
}
