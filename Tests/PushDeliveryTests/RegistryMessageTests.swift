import AlarmCore
import Foundation
import PushDelivery
import Testing

/// Registration messages from the phone apps: decoding, errors that name the field, applying.
struct RegistryMessageTests {
    static let hex64 = RegistryFixtures.apnsToken("f")

    @Test func readsARegistrationWithEveryField() throws {
        let body = #"""
            {"type":"register","platform":"ios","token":" \#(Self.hex64.uppercased()) ","environment":"sandbox","name":"Jane's iPhone"}
            """#
        #expect(
            try RegistrationMessage.decode(json: Array(body.utf8))
                == .register(platform: .ios, token: Self.hex64, environment: .sandbox, name: "Jane's iPhone"))
    }

    @Test func readsAMinimalRegistrationIgnoringNullsAndUnknownFields() throws {
        let body = #"{"type":"register","platform":"android","token":"abc:DEF-1","name":null,"app_version":{"major":3}}"#
        #expect(
            try RegistrationMessage.decode(json: body) == .register(platform: .android, token: "abc:DEF-1", environment: nil, name: nil))
    }

    @Test func readsAnUnregistration() throws {
        #expect(try RegistrationMessage.decode(json: #"{"type":"unregister","token":"abc:DEF-1\n"}"#) == .unregister(token: "abc:DEF-1"))
    }

    struct Failure: Sendable, CustomTestStringConvertible {
        var body: String
        var field: String?
        var reason: String
        var testDescription: String { body }
    }

    static let failures: [Failure] = [
        Failure(body: "", field: nil, reason: "empty body, expected a JSON object"),
        Failure(body: "register", field: nil, reason: "not valid JSON (8 bytes)"),
        Failure(body: #"["register"]"#, field: nil, reason: "expected a JSON object, got an array"),
        Failure(body: #""register""#, field: nil, reason: "expected a JSON object, got a string"),
        Failure(body: #"{"token":"x"}"#, field: "type", reason: "required field is missing; expected register or unregister or rename"),
        Failure(
            body: #"{"type":"subscribe"}"#, field: "type",
            reason: #"unknown registration message type "subscribe"; expected register or unregister or rename"#),
        Failure(body: #"{"type":1}"#, field: "type", reason: "expected a string, got a number"),
        Failure(body: #"{"type":"register","token":"x"}"#, field: "platform", reason: "required field is missing; expected ios or android or web"),
        Failure(
            body: #"{"type":"register","platform":"windows","token":"x"}"#, field: "platform",
            reason: #"unknown platform "windows"; expected ios or android or web"#),
        Failure(body: #"{"type":"register","platform":"ios"}"#, field: "token", reason: "required field is missing"),
        Failure(body: #"{"type":"register","platform":"ios","token":["ab"]}"#, field: "token", reason: "expected a string, got an array"),
        Failure(
            body: #"{"type":"register","platform":"ios","token":"abcd"}"#, field: "token",
            reason: "an APNs device token is an even number of 64 to 256 hexadecimal digits, got 4"),
        Failure(
            body: #"{"type":"register","platform":"android","token":"has space"}"#, field: "token",
            reason: #"an FCM registration token has only printable ASCII characters without spaces, got "has space""#),
        Failure(
            body: #"{"type":"register","platform":"ios","token":"\#(hex64)","environment":"development"}"#, field: "environment",
            reason: #"unknown APNs environment "development"; expected production or sandbox"#),
        Failure(
            body: #"{"type":"register","platform":"android","token":"a:b","environment":"sandbox"}"#, field: "environment",
            reason: "only ios devices have an APNs environment"),
        Failure(
            body: #"{"type":"register","platform":"android","token":"a:b","name":true}"#, field: "name",
            reason: "expected a string, got a boolean"),
        Failure(
            body: #"{"type":"register","platform":"android","token":"a:b","name":7}"#, field: "name",
            reason: "expected a string, got a number"),
        Failure(
            body: #"{"type":"register","platform":"android","token":"a:b","name":"a\nb"}"#, field: "name",
            reason: "a device name must not contain control characters (such as line breaks)"),
        Failure(body: #"{"type":"unregister"}"#, field: "token", reason: "required field is missing (or give device, a device id)"),
        Failure(body: #"{"type":"unregister","token":"  "}"#, field: "token", reason: "must not be empty"),
        Failure(body: #"{"type":"unregister","token":{}}"#, field: "token", reason: "expected a string, got an object"),
    ]

    @Test(arguments: failures)
    func errorsNameTheField(_ failure: Failure) {
        #expect(throws: FormatError(field: failure.field, reason: failure.reason)) {
            try RegistrationMessage.decode(json: failure.body)
        }
    }

    @Test func theDocumentedExamplesDecodeAndTheDocumentedErrorsOccur() throws {
        let section = try Self.documentationSection()
        let examples = try #require(Self.codeBlock("json", in: section)).split(separator: "\n")
        #expect(examples.count == 6)
        for example in examples {
            #expect(throws: Never.self) { try RegistrationMessage.decode(json: String(example)) }
        }
        let errors = try #require(Self.codeBlock("text", in: section)).split(separator: "\n").map(String.init)
        let produced = Set(Self.failures.map { FormatError(field: $0.field, reason: $0.reason).description })
        #expect(!errors.isEmpty)
        #expect(errors.filter { !produced.contains($0) } == [])
    }

    /// The "Device registration messages" section of docs/event-format.md.
    static func documentationSection() throws -> Substring {
        var root = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { root.deleteLastPathComponent() }
        let text = try String(contentsOf: root.appendingPathComponent("docs/event-format.md"), encoding: .utf8)
        let start = try #require(text.range(of: "\n## Device registration messages\n"))
        return text[start.upperBound...]
    }

    /// The first fenced code block of `language` in `text`, without its fences.
    static func codeBlock(_ language: String, in text: Substring) -> Substring? {
        guard let open = text.range(of: "```\(language)\n"),
            let close = text.range(of: "\n```", range: open.upperBound..<text.endIndex)
        else { return nil }
        return text[open.upperBound..<close.lowerBound]
    }

    @Test func bytesThatAreNotUTF8AreRejected() {
        #expect(throws: FormatError(field: nil, reason: "body is not valid UTF-8")) {
            try RegistrationMessage.decode(json: [0x7B, 0xFF, 0x7D])
        }
    }

    @Test func applyingRegistersAndUnregisters() async throws {
        let registry = DeviceRegistry(database: try PushDatabase.inMemory())
        try await RegistrationMessage.decode(json: #"{"type":"register","platform":"ios","token":"\#(Self.hex64)","name":"Hall"}"#)
            .apply(to: registry)
        #expect(try await registry.list().map(\.name) == ["Hall"])
        try await RegistrationMessage.decode(json: #"{"type":"unregister","token":"\#(Self.hex64.uppercased())"}"#).apply(to: registry)
        #expect(try await registry.list().isEmpty)
    }
}
