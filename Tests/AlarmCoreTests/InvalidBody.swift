import AlarmCore
import Testing

/// A job body that must not decode, and what the error must say.
struct InvalidBody: Sendable, CustomTestStringConvertible {
    let label: String
    let body: [UInt8]
    /// The field the error must name; `nil` for errors about the whole body.
    let field: String?
    /// Text the error's reason must contain.
    let reasonExcerpt: String

    init(_ label: String, _ body: String, field: String?, says reasonExcerpt: String) {
        self.init(label, bytes: Array(body.utf8), field: field, says: reasonExcerpt)
    }

    init(_ label: String, bytes: [UInt8], field: String?, says reasonExcerpt: String) {
        self.label = label
        self.body = bytes
        self.field = field
        self.reasonExcerpt = reasonExcerpt
    }

    var testDescription: String { label }

    /// Checks that `decode` rejects the body with an error naming the expected field and reason.
    func expectRejected(by decode: ([UInt8]) throws(FormatError) -> Void) {
        guard let error = formatError(of: { () throws(FormatError) in try decode(body) }) else {
            Issue.record("\(label): decoded without error")
            return
        }
        #expect(error.field == field, "\(label): \(error)")
        #expect(error.reason.contains(reasonExcerpt), "\(label): \(error)")
    }
}

/// The error `body` throws, or `nil` if it succeeds.
func formatError(of body: () throws(FormatError) -> Void) -> FormatError? {
    do throws(FormatError) {
        try body()
        return nil
    } catch {
        return error
    }
}
