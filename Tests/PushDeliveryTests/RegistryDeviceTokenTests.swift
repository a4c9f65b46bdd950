import AlarmCore
import PushDelivery
import Testing

/// Token validation and normalisation, per provider.
struct RegistryDeviceTokenTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var text: String
        var provider: PushProvider
        /// The normalised token, or `nil` when the text must be rejected.
        var expected: String?
        var testDescription: String { "\(provider) \(text.prefix(24).debugDescription) (\(text.count))" }
    }

    static let hex64 = "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef"

    static let cases: [Case] = [
        Case(text: hex64, provider: .apns, expected: hex64),
        Case(text: hex64.uppercased(), provider: .apns, expected: hex64),
        Case(text: " \t\(hex64)\r\n", provider: .apns, expected: hex64),
        Case(text: hex64 + "00", provider: .apns, expected: hex64 + "00"),
        Case(text: String(repeating: "ab", count: 128), provider: .apns, expected: String(repeating: "ab", count: 128)),
        Case(text: String(hex64.dropLast(2)), provider: .apns, expected: nil),
        Case(text: String(hex64.dropLast()), provider: .apns, expected: nil),
        Case(text: hex64 + "0", provider: .apns, expected: nil),
        Case(text: String(repeating: "ab", count: 129), provider: .apns, expected: nil),
        Case(text: "", provider: .apns, expected: nil),
        Case(text: String(hex64.dropLast()) + "g", provider: .apns, expected: nil),
        Case(text: "0123456789abcdef 0123456789abcdef0123456789abcdef0123456789abcdef", provider: .apns, expected: nil),
        Case(text: "<\(hex64)>", provider: .apns, expected: nil),
        Case(text: String(hex64.dropLast()) + "０", provider: .apns, expected: nil),
        Case(text: "dGVzdA:APA91bHun4MxP5egoKMwt2KZFBaFUH-1RYqx", provider: .fcm, expected: "dGVzdA:APA91bHun4MxP5egoKMwt2KZFBaFUH-1RYqx"),
        Case(text: "Mixed_Case-Token:x\n", provider: .fcm, expected: "Mixed_Case-Token:x"),
        Case(text: hex64, provider: .fcm, expected: hex64),
        Case(text: String(repeating: "x", count: 4096), provider: .fcm, expected: String(repeating: "x", count: 4096)),
        Case(text: String(repeating: "x", count: 4097), provider: .fcm, expected: nil),
        Case(text: "", provider: .fcm, expected: nil),
        Case(text: " \n ", provider: .fcm, expected: nil),
        Case(text: "two words", provider: .fcm, expected: nil),
        Case(text: "tab\there", provider: .fcm, expected: nil),
        Case(text: "bell\u{07}", provider: .fcm, expected: nil),
        Case(text: "tökén", provider: .fcm, expected: nil),
    ]

    @Test(arguments: cases)
    func validatesAndNormalises(_ testCase: Case) {
        let result = Result { () throws(FormatError) in try DeviceToken(testCase.text, provider: testCase.provider) }
        switch (result, testCase.expected) {
        case (.success(let token), let expected?):
            #expect(token.value == expected)
            #expect(token.provider == testCase.provider)
        case (.failure(let error), nil):
            #expect(error.field == "token")
            #expect(error.reason.contains(testCase.provider == .apns ? "APNs device token" : "FCM registration token"))
        case (.success(let token), nil):
            Issue.record("accepted \(token)")
        case (.failure(let error), _?):
            Issue.record("rejected: \(error)")
        }
    }

    @Test func errorsSayWhatIsWrong() {
        #expect(throws: FormatError(
            field: "token",
            reason: "an APNs device token is an even number of 64 to 256 hexadecimal digits, got 63")
        ) { try DeviceToken(String(Self.hex64.dropLast()), provider: .apns) }
        #expect(throws: FormatError(
            field: "token", reason: #"an APNs device token has only hexadecimal digits, got "xyz""#)
        ) { try DeviceToken("xyz", provider: .apns) }
        #expect(throws: FormatError(
            field: "token", reason: "an FCM registration token has at most 4096 characters, got 4097")
        ) { try DeviceToken(String(repeating: "x", count: 4097), provider: .fcm) }
    }

    @Test func tokensOfDifferentProvidersDiffer() throws {
        let apns = try DeviceToken(Self.hex64, provider: .apns)
        let fcm = try DeviceToken(Self.hex64, provider: .fcm)
        #expect(apns != fcm)
        #expect(apns.description == "apns:" + Self.hex64)
    }
}
