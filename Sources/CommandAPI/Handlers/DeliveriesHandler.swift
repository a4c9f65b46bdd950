import AlarmCore
import Hummingbird

/// `GET /v1/deliveries` and `GET /v1/devices`: what the push consumer reported, for the console.
struct DeliveriesHandler: Sendable {
    let events: EventStore
    let reports: PushReportStore
    let acknowledgements: AcknowledgementStore
    let escalations: EscalationStore

    /// The alarms, newest first, each with its acknowledgements, its escalation and every device's outcome; see
    /// ``DeliveriesQuery``.
    func deliveries(_ request: Request, context: APIRequestContext) async throws -> Response {
        let query = try DeliveriesQuery { request.uri.queryParameters.get($0) }
        let alarms = try await events.events(ofType: .alarm, before: query.before, limit: query.limit)
        let reported = try await reports.deliveries(of: alarms.map(\.event.stableID))
        let acknowledged = try await acknowledgements.acknowledgements(of: alarms.map(\.cursor))
        let escalated = try await escalations.escalations(of: alarms.map(\.cursor))
        let devices = try await reports.devices()?.devices ?? []
        return JSONResponse.make(DeliveriesPage(alarms: alarms.map { alarm in
            AlarmDeliveriesDocument(
                alarm, reports: reported[alarm.event.stableID] ?? [], devices: devices,
                acknowledgements: acknowledged[alarm.cursor] ?? [], escalation: escalated[alarm.cursor])
        }))
    }

    /// The last device list and the Web Push key.
    func devices(_ request: Request, context: APIRequestContext) async throws -> Response {
        JSONResponse.make(DevicesDocument(try await reports.devices()))
    }
}
