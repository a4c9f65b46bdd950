import Foundation

/// An event as it sits on a tube. The five original fields are typed as the original Python
/// consumers used them, so decoding fails if a producer breaks them (a string timestamp, a
/// missing message).
struct QueuedEvent: Decodable, Sendable {
    var type: String
    var code: String
    var message: String
    var raw: String
    var timestamp: Int
    var id: UUID?
    var source: String?
    var sequence: UInt64?
    var partition: Int?
    var zone: Int?
}

/// A JSON command as it sits on a tube.
struct QueuedCommand: Decodable, Sendable {
    var type: String
    var code: String
    var data: String?
    var partition: Int?
    var id: UUID?
    var source: String?
    var timestamp: Int?
}

extension Decodable {
    /// Decodes one JSON job body.
    init(job body: String) throws {
        self = try JSONDecoder().decode(Self.self, from: Data(body.utf8))
    }
}
