import AlarmCore
import Hummingbird
import Logging

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `POST /v1/alarms/{event_id}/ack`: acknowledges an alarm with the acknowledgement token its
/// notification carried (from a lock-screen action, without an API token) or with a control
/// token, once per device or token; answers who acknowledged and when.
///
/// The credential comes as `Authorization: Bearer …` or as the body `{"token": "…"}`. An
/// acknowledgement token is checked against the hashes the push consumer reported; a phone may
/// act before its delivery report has arrived, so an unknown token is looked for again until
/// ``tokenWait`` has passed, then refused (401). A token sent for another alarm is refused with
/// 403; a token sent with an escalation step is for the step's alarm. Failures count towards the address's throttle, as for every endpoint; no credential is
/// ever logged.
struct AlarmAckHandler: Sendable {
    let acknowledgements: AcknowledgementStore
    let reports: PushReportStore
    let escalations: EscalationStore
    let recorder: AcknowledgementRecorder
    let auth: AuthMiddleware
    let bodyLimit: Int
    /// How long an unknown acknowledgement token is waited for.
    let tokenWait: Duration

    /// How often an unknown acknowledgement token is looked for again while waiting.
    static let lookInterval = Duration.milliseconds(50)

    private struct TokenBody: Decodable {
        let token: String?
    }

    private struct Acknowledged: Encodable {
        let eventID: String
        let cursor: Int64
        let by: String
        let device: String?
        let time: Int64

        enum CodingKeys: String, CodingKey {
            case eventID = "event_id"
            case cursor, by, device, time
        }
    }

    func handle(_ request: Request, context: APIRequestContext) async throws -> Response {
        var context = context
        context.clientAddress = auth.addresses.clientAddress(
            peer: context.peerAddress, forwardedFor: request.headers[values: AuthMiddleware.forwardedFor])
        // Authenticated first, as on every other endpoint: without a credential, only 401.
        let (by, sentFor) = try await acknowledger(credential: try await credential(of: request), context: context)
        guard let eventID = UUID(uuidString: try context.parameters.require("event_id")) else {
            throw APIError.badRequest("event_id: must be an alarm's id, a UUID")
        }
        if let sentFor, sentFor != eventID, try await escalations.alarmID(ofStep: sentFor) != eventID {
            _ = auth.failure(
                "acknowledgement token of another alarm", invalidToken: true, context.clientAddress ?? "unknown",
                context.logger)
            throw APIError(.forbidden, "this acknowledgement token is for another alarm")
        }
        guard let found = try await acknowledgements.lookup(.id(eventID), by: by), found.event.event.type == .alarm else {
            throw APIError(.notFound, "no alarm with this id is stored (it may be older than command.retention_days)")
        }
        let kept = try await recorder.record(found, by: by, logger: context.logger)
        return JSONResponse.make(Acknowledged(
            eventID: eventID.uuidString.lowercased(), cursor: kept.cursor, by: by.displayName,
            device: by.device?.description, time: kept.time))
    }

    /// The bearer credential, else the body's `token`; `nil` when there is neither.
    private func credential(of request: Request) async throws -> String? {
        if let bearer = AuthMiddleware.bearerCredentials(request.headers[.authorization]) { return String(bearer) }
        let hasBody = request.headers[.contentLength].map { $0 != "0" } ?? (request.headers[.transferEncoding] != nil)
        guard hasBody else { return nil }
        var request = request
        return try await request.decodeJSON(TokenBody.self, limit: bodyLimit).token
    }

    /// Who `credential` is: a control token's holder, or the device an acknowledgement token was
    /// sent to, with the alarm it was sent for. A valid credential is always served; only an
    /// unknown one meets the throttle, then the wait for its report.
    private func acknowledger(credential: String?, context: APIRequestContext) async throws -> (
        by: Acknowledger, sentFor: UUID?
    ) {
        let address = context.clientAddress ?? "unknown"
        if let credential, let token = APIToken(credential), let caller = try await auth.tokens.authenticate(token) {
            guard caller.scope == .control else {
                throw APIError(
                    .forbidden, "the token \(caller.tokenName) has the \(caller.scope) scope; acknowledging needs a control token")
            }
            return (.token(name: caller.tokenName), nil)
        }
        let hash = credential.flatMap(AckTokenHash.init)
        var sent = try await hash.asyncFlatMap { try await reports.ackToken(hash: $0.value) }
        if sent == nil {
            if let wait = auth.throttle.retryAfter(for: address) {
                throw APIError.tooManyRequests(retryAfter: wait)
            }
            guard credential != nil else {
                throw auth.failure(
                    "missing token: send Authorization: Bearer TOKEN or {\"token\": TOKEN}", invalidToken: false, address,
                    context.logger)
            }
            sent = try await hash.asyncFlatMap { try await reportedLater($0, logger: context.logger) }
        }
        guard let sent else {
            throw auth.failure("invalid token", invalidToken: true, address, context.logger)
        }
        let name = try await reports.devices()?.devices.first { $0.device == sent.device }?.name
        return (.device(sent.device, name: name), sent.eventID)
    }

    /// The alarm and device of the acknowledgement token with `hash` once its delivery report
    /// arrives, looking again every ``lookInterval`` for up to ``tokenWait``; `nil` when none came.
    private func reportedLater(_ hash: AckTokenHash, logger: Logger) async throws -> (eventID: UUID, device: DeviceID)? {
        logger.debug("acknowledgement token not reported yet: waiting for its delivery report")
        let deadline = ContinuousClock.now + tokenWait
        while ContinuousClock.now < deadline {
            try await Task.sleep(for: min(Self.lookInterval, deadline - .now))
            if let sent = try await reports.ackToken(hash: hash.value) { return sent }
        }
        return nil
    }
}

extension Optional {
    /// `transform` of the wrapped value, or `nil`.
    fileprivate func asyncFlatMap<Result>(_ transform: (Wrapped) async throws -> Result?) async rethrows -> Result? {
        guard let self else { return nil }
        return try await transform(self)
    }
}
