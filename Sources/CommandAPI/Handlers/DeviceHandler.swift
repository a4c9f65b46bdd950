import AlarmCore
import Foundation  // removingPercentEncoding is not in FoundationEssentials
import Hummingbird
import Logging

/// `POST /v1/devices` and `DELETE /v1/devices/{token}`: validated registration messages for the
/// push consumer, put on its registration tube; 202.
struct DeviceHandler: Sendable {
    let producer: QueueProducer
    let registrationTube: TubeName
    let metrics: CommandMetrics
    let bodyLimit: Int

    private struct Queued: Encodable {
        let status = "queued"
    }

    func register(_ request: Request, context: APIRequestContext) async throws -> Response {
        var request = request
        let message = try await request.decodeJSON(DeviceRequest.self, limit: bodyLimit).message()
        return try await send(message, type: "register", context: context)
    }

    func unregister(_ request: Request, context: APIRequestContext) async throws -> Response {
        let token = try context.parameters.require("token").removingPercentEncoding ?? ""
        return try await send(try DeviceRequest.unregistration(token: token), type: "unregister", context: context)
    }

    private func send(_ message: RegistrationMessage, type: String, context: APIRequestContext) async throws -> Response {
        try await producer.enqueue(message.encodeJSON(), on: [registrationTube], logger: context.logger)
        metrics.registrationSent(type: type)
        context.logger.info("device registration queued", metadata: ["type": "\(type)"])
        return JSONResponse.make(Queued(), status: .accepted)
    }
}
