import AlarmCore
import NIOHTTP1

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The steps every provider shares for one send: take the shared credential, send, read the
/// reply with the provider's table, and on ``DeliveryOutcome/refreshCredentials(reason:)`` send
/// once more with the replacement credential. Transport failures become retries on a fresh
/// connection; credential faults (a key that cannot sign, a refused assertion) halt.
struct CredentialedSend: Sendable {
    /// The connection requests go through.
    let connection: ProviderConnection
    /// The credential for the next request (`nil`: none needed, as with APNs certificates).
    let credential: @Sendable () async throws -> Secret?
    /// The replacement for a credential the provider refused as expired; `nil` when it is too
    /// young to replace.
    let replacement: @Sendable (Secret) async throws -> Secret?
    /// Reads a reply: the provider's error table for the device, as a function of the context.
    let classify: @Sendable (ProviderReply, DeliveryContext) -> DeliveryOutcome
    /// The wall clock, for reply timestamps and pruning.
    let clock: WallClock

    /// Sends the request `build` makes for a credential to `device`, and reports how it went.
    func run(
        device: RegisteredDevice, timeout: Duration,
        build: (Secret?) -> (url: String, headerFields: [(name: String, value: String)], body: [UInt8])
    ) async -> SendReport {
        let sentAt = clock.now
        let started = ContinuousClock.now
        var context = DeliveryContext(device: device)
        var token: Secret?
        do {
            token = try await credential()
        } catch {
            return SendReport(outcome: Self.credentialOutcome(error), invalidSince: sentAt, latency: .zero)
        }
        while true {
            let request = build(token)
            let generation = connection.currentGeneration
            let reply: ProviderReply
            do {
                reply = try await connection.send(
                    method: .POST, url: request.url, headerFields: request.headerFields, body: request.body,
                    timeout: timeout)
            } catch {
                if error.code == .refusedEndpoint {
                    // Trying again would go to the same address: the device's endpoint is not allowed.
                    return SendReport(
                        outcome: .fail(reason: error.message), invalidSince: sentAt, latency: ContinuousClock.now - started)
                }
                if error.code == .timedOut || error.code == .connectionFailed {
                    connection.recycle(generation: generation)
                }
                let outcome = DeliveryOutcome.retry(after: nil, reason: error.reasonWord, freshConnection: true)
                return SendReport(outcome: outcome, invalidSince: sentAt, latency: ContinuousClock.now - started)
            }
            let outcome = classify(reply, context)
            if case .refreshCredentials(let reason) = outcome, let used = token, !context.credentialsRefreshed {
                context.credentialsRefreshed = true
                do {
                    guard let fresh = try await replacement(used) else {
                        let halt = DeliveryOutcome.halt(reason: "\(reason) although the credential is new: check the clock")
                        return SendReport(outcome: halt, invalidSince: sentAt, latency: ContinuousClock.now - started)
                    }
                    token = fresh
                    continue
                } catch {
                    return SendReport(
                        outcome: Self.credentialOutcome(error), invalidSince: sentAt,
                        latency: ContinuousClock.now - started)
                }
            }
            if case .retry(_, _, true) = outcome {
                connection.recycle(generation: generation)
            }
            var widespread = context
            widespread.widespread = true
            return SendReport(
                outcome: outcome, widespreadOutcome: classify(reply, widespread),
                invalidSince: invalidSince(reply) ?? sentAt, latency: ContinuousClock.now - started)
        }
    }

    /// A credential that could not be had: retry when the token endpoint was unreachable or
    /// busy, halt when the key or the account is at fault.
    private static func credentialOutcome(_ error: any Error) -> DeliveryOutcome {
        if let error = error as? PushTransportError {
            return .retry(after: nil, reason: "credential: \(error.reasonWord)", freshConnection: false)
        }
        if error is CancellationError {
            return .retry(after: nil, reason: "cancelled", freshConnection: false)
        }
        return .halt(reason: "credential: \(error)")
    }

    /// The APNs 410 `timestamp`, read again here so that pruning uses it.
    private func invalidSince(_ reply: ProviderReply) -> Date? {
        guard reply.status == 410 else { return nil }
        return APNSResponse(status: reply.status, headerFields: reply.headerPairs, body: reply.body, now: clock.now)
            .timestamp
    }
}

extension PushTransportError {
    /// A short reason for the ledger: `timeout`, `connection failed` …
    var reasonWord: String {
        switch code {
        case .timedOut: "timeout"
        case .connectionFailed: "connection failed"
        case .cancelled: "cancelled"
        case .shutDown: "shut down"
        case .invalidEndpoint: "invalid endpoint"
        case .unreadableTLSFile: "unreadable TLS file"
        case .refusedEndpoint: "endpoint refused"
        }
    }
}
