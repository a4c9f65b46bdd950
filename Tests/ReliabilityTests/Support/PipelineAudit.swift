import AlarmCore
import Foundation
import PushMocks
import Testing

/// What reached the ends of the pipeline — the events in the log file and the notifications
/// the mock APNs accepted — and the checks the reliability tests make on them.
struct PipelineAudit: Sendable {
    /// The log file's events, in file order.
    let logged: [AlarmEvent]
    /// How many times the mock APNs accepted (200) each event id for each phone token.
    let deliveries: [DeliveryKey: Int]
    /// The `apns-id` of every accepted request per (event id, token): a repeat with the same
    /// `apns-id` shows on the phone once.
    let apnsIDs: [DeliveryKey: Set<String>]
    /// The event ids each phone token got (200), in the order the mock first accepted them.
    let deliveryOrder: [String: [String]]
    /// Each pushed event's `type`, `code`, `raw` and `message`, by id, as the notification carried them.
    let pushedEvents: [String: PushedEvent]

    /// What a notification said of its event.
    struct PushedEvent: Sendable, CustomStringConvertible {
        let type: String
        let code: String
        let raw: String
        let message: String

        var description: String { "\(type) \(code) \(message.quotedExcerpt())" }
    }

    /// One event for one phone.
    struct DeliveryKey: Hashable, Sendable {
        let eventID: String
        let token: String
    }

    /// Reads the log file at `logPath` and the mock's requests.
    static func collect(logPath: String, apns: MockAPNSServer) async -> PipelineAudit {
        let text = (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
        let logged = text.split(separator: "\n").compactMap { try? AlarmEvent.decode(json: Array($0.utf8)) }
        var deliveries: [DeliveryKey: Int] = [:]
        var apnsIDs: [DeliveryKey: Set<String>] = [:]
        var deliveryOrder: [String: [String]] = [:]
        var pushedEvents: [String: PushedEvent] = [:]
        for request in await apns.requests() where request.replyStatus == 200 {
            guard let object = try? JSONSerialization.jsonObject(with: Data(request.body)) as? [String: Any],
                  let id = object["id"] as? String else { continue }
            pushedEvents[id] = PushedEvent(
                type: object["type"] as? String ?? "", code: object["code"] as? String ?? "",
                raw: object["raw"] as? String ?? "", message: object["message"] as? String ?? "")
            let key = DeliveryKey(eventID: id, token: request.deviceToken)
            deliveries[key, default: 0] += 1
            apnsIDs[key, default: []].insert(request.headers["apns-id"] ?? "")
            if deliveries[key] == 1 { deliveryOrder[request.deviceToken, default: []].append(id) }
        }
        return PipelineAudit(logged: logged, deliveries: deliveries, apnsIDs: apnsIDs, deliveryOrder: deliveryOrder, pushedEvents: pushedEvents)
    }

    /// How many lines the log file has now (cheap enough to poll).
    static func lineCount(_ logPath: String) -> Int {
        guard let data = FileManager.default.contents(atPath: logPath) else { return 0 }
        return data.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
    }

    /// The logged events' ids, lower-case.
    var loggedIDs: [String] { logged.compactMap { $0.id?.uuidString.lowercased() } }

    /// The burst's messages as the log has them, in file order.
    var burstMessages: [PanelBurst.Message] { logged.compactMap(PanelBurst.message(of:)) }

    /// Ids written more than once, and events written without an id.
    var repeatedLogLines: [String] {
        var seen = Set<String>()
        var repeated: [String] = logged.filter { $0.id == nil }.map { "no id: \($0.code)" }
        for id in loggedIDs where !seen.insert(id).inserted { repeated.append(id) }
        return repeated
    }

    /// Places where an event's `sequence` is not above the previous one of its source.
    var sequenceBreaks: [String] {
        var last: [String: UInt64] = [:]
        var breaks: [String] = []
        for event in logged {
            let source = event.source ?? "none"
            guard let sequence = event.sequence else {
                breaks.append("\(source): an event without a sequence")
                continue
            }
            if let previous = last[source], sequence <= previous {
                breaks.append("\(source): \(sequence) after \(previous)")
            }
            last[source] = sequence
        }
        return breaks
    }

    /// How often each logged event meant for phones (all but the supervision's about the push
    /// tube) reached each of `tokens`: the pairs delivered other than once, as `event id → token: count`.
    func deliveriesOtherThanOnce(to tokens: [String]) -> [String] {
        let meantForPhones = logged.filter { !Self.isSupervision(code: $0.code, raw: $0.raw, about: "push") }
        return meantForPhones.compactMap { $0.id?.uuidString.lowercased() }.flatMap { id in
            tokens.compactMap { token in
                let count = deliveries[DeliveryKey(eventID: id, token: token)] ?? 0
                return count == 1 ? nil : "\(id) → \(token.suffix(4)): \(count) (\(describe(id)))"
            }
        }
    }

    /// The logged event `id` in words: its type, code, message and place in the log.
    private func describe(_ id: String) -> String {
        guard let index = logged.firstIndex(where: { $0.id?.uuidString.lowercased() == id }) else { return "not logged" }
        let event = logged[index]
        return "\(event.type.rawValue) \(event.code) \(event.message.quotedExcerpt()), log line \(index + 1) of \(logged.count)"
    }

    /// The phones among `tokens` that got their notifications in another order than the log's,
    /// with the first place where the orders differ.
    func deliveriesOutOfOrder(to tokens: [String]) -> [String] {
        tokens.compactMap { token -> String? in
            let got = deliveryOrder[token] ?? []
            let delivered = Set(got)
            let expected = loggedIDs.filter(delivered.contains)
            guard got != expected else { return nil }
            let index = zip(got, expected).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(got.count, expected.count)
            return "…\(token.suffix(4)): \(got.count) notifications, first out of order at \(index)"
        }
    }

    /// The events phones got (200) that the log does not have, in words.
    var pushedNotLogged: [String] {
        let logged = Set(loggedIDs)
        return pushedEvents.filter { id, event in
            !logged.contains(id) && !Self.isSupervision(code: event.code, raw: event.raw, about: "log")
        }.map { "\($0.key): \($0.value)" }.sorted()
    }

    /// The consumer supervision's events in the log and in notifications: each says a consumer
    /// was down or stuck (its events waited too long), or works again.
    var supervisionEvents: Int {
        Set(logged.filter { $0.code == "consumer" }.compactMap { $0.id?.uuidString.lowercased() })
            .union(pushedEvents.filter { $0.value.code == "consumer" }.keys).count
    }

    /// Whether an event is the integrator's consumer supervision (`consumer`) about `tube`: it
    /// says that tube's consumer is down or stuck, or works again, so the integrator puts it on
    /// every event tube but that one (docs/event-format.md, consumer liveness).
    private static func isSupervision(code: String, raw: String, about tube: String) -> Bool {
        code == "consumer" && raw == tube
    }

    /// Total accepted notifications.
    var deliveryCount: Int { deliveries.values.reduce(0, +) }
}

extension PipelineAudit {
    /// Expects the log to hold exactly `expected` of `burst` (all of it by default), no event
    /// twice, and every source's events in `sequence` order.
    func expectLoggedOnceInOrder(
        _ burst: PanelBurst, expected: [PanelBurst.Message]? = nil, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(burst.mismatch(in: burstMessages, expected: expected) == nil, sourceLocation: sourceLocation)
        #expect(repeatedLogLines.isEmpty, "\(repeatedLogLines.prefix(10))", sourceLocation: sourceLocation)
        #expect(sequenceBreaks.isEmpty, "\(sequenceBreaks.prefix(10))", sourceLocation: sourceLocation)
    }

    /// Expects every logged event to have reached every phone, as one notification: any repeat
    /// (a send whose reply came after the consumer's deadline, retried) has the same `apns-id`.
    func expectShownOnceOnEveryPhone(sourceLocation: SourceLocation = #_sourceLocation) {
        let missing = deliveriesOtherThanOnce(to: PipelineStage.phoneTokens).filter { $0.hasSuffix(": 0") }
        #expect(missing.isEmpty, "\(missing.count) (event, phone) pairs never delivered: \(missing.prefix(10))", sourceLocation: sourceLocation)
        let repeatedWithOtherIDs = apnsIDs.filter { $0.value.count > 1 }
        #expect(repeatedWithOtherIDs.isEmpty, "repeats with another apns-id: \(repeatedWithOtherIDs.count)", sourceLocation: sourceLocation)
    }

    /// Expects every logged event to have reached every phone exactly once.
    func expectPushedOnceToEveryPhone(sourceLocation: SourceLocation = #_sourceLocation) {
        let otherThanOnce = deliveriesOtherThanOnce(to: PipelineStage.phoneTokens)
        #expect(otherThanOnce.isEmpty, "\(otherThanOnce.count) (event, phone) pairs: \(otherThanOnce.prefix(10))", sourceLocation: sourceLocation)
    }
}
