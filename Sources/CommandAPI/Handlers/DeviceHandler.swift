import AlarmCore
import Foundation  // removingPercentEncoding is not in FoundationEssentials
import Hummingbird
import Logging

/// `POST /v1/devices`, `PATCH /v1/devices/{device}` and `DELETE /v1/devices/{device}`:
/// registration messages for the push consumer, checked by its rules and put on its
/// registration tube; 202.
struct DeviceHandler: Sendable {
    let producer: QueueProducer
    let registrationTube: TubeName
    let metrics: CommandMetrics
    let bodyLimit: Int

    private struct Queued: Encodable {
        let status = "queued"
    }

    /// Registers a phone (`platform` `ios`/`android` with its `token`) or a browser (`platform`
    /// `web` with its `subscription`), owned by the caller's token: the answers to that token's
    /// commands go to its devices.
    func register(_ request: Request, context: APIRequestContext) async throws -> Response {
        var request = request
        let owner = try context.authenticatedCaller().tokenName
        let message = try await request.decodeJSON(DeviceRequest.self, limit: bodyLimit).message(owner: owner)
        return try await send(message, type: "register", context: context)
    }

    /// Renames the device with this id.
    func rename(_ request: Request, context: APIRequestContext) async throws -> Response {
        var request = request
        let device = try Self.pathSegment(context)
        let name = try await request.decodeJSON(RenameRequest.self, limit: bodyLimit).name
        let message = try RegistrationBody(type: "rename", device: device, name: name).message()
        return try await send(message, type: "rename", context: context)
    }

    /// Unregisters the device with this id, or (the older form) with this token.
    func unregister(_ request: Request, context: APIRequestContext) async throws -> Response {
        let segment = try Self.pathSegment(context)
        // A segment that is a valid device id is an id; anything else is a token.
        if let byID = try? RegistrationBody(type: "unregister", device: segment).message() {
            return try await send(byID, type: "unregister", context: context)
        }
        do {
            // Any token an app may hold is valid as an FCM token (APNs tokens are hexadecimal).
            _ = try DeviceToken(segment, provider: .fcm)
        } catch {
            throw APIError.badRequest(error.description)
        }
        return try await send(try RegistrationBody(type: "unregister", token: segment).message(), type: "unregister", context: context)
    }

    private static func pathSegment(_ context: APIRequestContext) throws -> String {
        try context.parameters.require("device").removingPercentEncoding ?? ""
    }

    private func send(_ message: RegistrationMessage, type: String, context: APIRequestContext) async throws -> Response {
        try await producer.enqueue(message.encodeJSON(), on: [registrationTube], logger: context.logger)
        metrics.registrationSent(type: type)
        context.logger.info("device registration queued", metadata: ["type": "\(type)"])
        return JSONResponse.make(Queued(), status: .accepted)
    }
}
