#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import AlarmCore
import Hummingbird
import NIOCore

extension Request {
    /// The body decoded as JSON into `type`.
    ///
    /// - Throws: ``APIError`` 415 unless `Content-Type` is `application/json` (parameters such as
    ///   `charset=utf-8` allowed), 413 when the body is larger than `limit` bytes (checked on
    ///   `Content-Length` before reading, and while reading), 400 when it is not the JSON expected
    ///   (or nests deeper than ``JSONNesting/limit``).
    mutating func decodeJSON<Body: Decodable>(_ type: Body.Type, limit: Int) async throws -> Body {
        let mediaType = headers[.contentType]?.split(separator: ";").first?.filter { $0 != " " && $0 != "\t" }.lowercased()
        guard mediaType == "application/json" else {
            throw APIError(.unsupportedMediaType, "the body must be JSON, sent with Content-Type: application/json")
        }
        let tooLarge = APIError(.contentTooLarge, "the body is larger than \(limit) bytes")
        if let length = headers[.contentLength].flatMap({ Int($0) }), length > limit { throw tooLarge }
        let buffer: ByteBuffer
        do {
            buffer = try await collectBody(upTo: limit)
        } catch is NIOTooManyBytesError {
            throw tooLarge
        }
        guard !JSONNesting.exceedsLimit(buffer.readableBytesView) else {
            throw APIError.badRequest("the body is not valid JSON: \(JSONNesting.tooDeep)")
        }
        do {
            return try JSONDecoder().decode(Body.self, from: Data(buffer.readableBytesView))
        } catch let error as DecodingError {
            throw APIError.badRequest(error.problem)
        }
    }
}

extension DecodingError {
    /// What is wrong, as `field: reason`, without quoting the value.
    var problem: String {
        switch self {
        case .keyNotFound(let key, let context):
            return Self.path(context.codingPath + [key]) + ": required field is missing"
        case .valueNotFound(_, let context) where !context.codingPath.isEmpty:
            return Self.path(context.codingPath) + ": must not be null"
        case .typeMismatch(let type, let context) where !context.codingPath.isEmpty:
            return Self.path(context.codingPath) + ": expected " + Self.describe(type)
        case .typeMismatch, .valueNotFound:
            return "the body must be a JSON object"
        case .dataCorrupted(let context) where !context.codingPath.isEmpty:
            return Self.path(context.codingPath) + ": invalid value"
        case .dataCorrupted:
            return "the body is not valid JSON"
        @unknown default:
            return "the body is not the JSON expected"
        }
    }

    private static func path(_ keys: [any CodingKey]) -> String {
        keys.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
    }

    private static func describe(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Int.Type: "an integer"
        case is Bool.Type: "true or false"
        default: "another type"
        }
    }
}
