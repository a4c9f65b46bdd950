#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Hummingbird
import NIOCore

/// Responses with a JSON body.
enum JSONResponse {
    /// `value` as compact JSON with `Content-Type: application/json`.
    static func make(_ value: some Encodable, status: HTTPResponse.Status = .ok) -> Response {
        Response(
            status: status, headers: [.contentType: "application/json"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: encode(value))))
    }

    /// `value` as compact JSON, keys sorted, on one line.
    static func encode(_ value: some Encodable) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Encoding the API's own documents (strings, numbers, arrays) cannot fail.
        return (try? encoder.encode(value)) ?? Data(#"{"error":"response could not be encoded"}"#.utf8)
    }
}
