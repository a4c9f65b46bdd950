package import Foundation

/// An event as it sits on a tube. The five original fields are typed as the original Python
/// consumers used them, so decoding fails if a producer breaks them (a string timestamp, a
/// missing message).
package struct QueuedEvent: Decodable, Sendable {
    package var type: String
    package var code: String
    package var message: String
    package var raw: String
    package var timestamp: Int
    package var id: UUID?
    package var source: String?
    package var sequence: UInt64?
    package var partition: Int?
    package var zone: Int?
}

/// A JSON command as it sits on a tube.
package struct QueuedCommand: Decodable, Sendable {
    package var type: String
    package var code: String
    package var data: String?
    package var partition: Int?
    package var id: UUID?
    package var source: String?
    package var timestamp: Int?
    package var zones: [Int]?
    package var profile: String?
}

extension Decodable {
    /// Decodes one JSON job body.
    package init(job body: String) throws {
        self = try JSONDecoder().decode(Self.self, from: Data(body.utf8))
    }
}
