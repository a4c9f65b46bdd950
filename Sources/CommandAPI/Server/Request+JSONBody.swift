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
    /// What is wrong, as `field: reason` (``FormatError/init(_:)``), without quoting the value;
    /// for the body as a whole, what it should have been.
    var problem: String {
        let error = FormatError(self)
        guard error.field == nil else { return error.description }
        switch self {
        case .typeMismatch, .valueNotFound: return "the body must be a JSON object"
        case .dataCorrupted: return "the body is not valid JSON"
        default: return "the body is not the JSON expected"
        }
    }
}
