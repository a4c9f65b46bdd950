import AlarmCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import AlarmStorage
import Hummingbird
import Logging

/// `POST /v1/commands`: validates a simple command, puts it on the command tubes with the caller
/// as `source`, audits it, and answers 202 with its `id`.
struct CommandHandler: Sendable {
    let producer: QueueProducer
    let commandTubes: [TubeName]
    let audit: CommandAudit
    let metrics: CommandMetrics
    let bodyLimit: Int

    func handle(_ request: Request, context: APIRequestContext) async throws -> Response {
        var request = request
        let caller = try context.authenticatedCaller()
        let id = UUID()
        let (command, name) = try await request.decodeJSON(CommandRequest.self, limit: bodyLimit).command(id: id, from: caller)
        try await producer.enqueue(command.jsonBytes(), on: commandTubes, logger: context.logger)
        metrics.commandSent(name)
        let entry = CommandAudit.Entry(
            commandID: id, tokenName: caller.tokenName, command: name, partition: command.partition,
            address: context.clientAddress, at: DatabaseTime.now())
        context.logger.notice("command queued", metadata: [
            "command": "\(name.rawValue)", "command_id": "\(id.uuidString.lowercased())",
            "partition": "\(command.partition.map(String.init) ?? "default")", "address": "\(entry.address ?? "unknown")",
        ])
        do {
            try await audit.record(entry)
        } catch {
            // The command is on its way; the log line above is its audit record.
            context.logger.error("could not store the command's audit record", metadata: ["error": "\(error)"])
        }
        return JSONResponse.make(CommandAccepted(id: id.uuidString.lowercased()), status: .accepted)
    }
}
