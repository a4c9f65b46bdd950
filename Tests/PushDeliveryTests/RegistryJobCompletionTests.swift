import PushDelivery
import Testing

/// Delete, release (with which delay) or halt, from the devices' outcomes.
struct RegistryJobCompletionTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var outcomes: [DeviceOutcome]
        var expected: JobCompletion
        var testDescription: String { "\(outcomes) → \(expected)" }
    }

    static let cases: [Case] = [
        Case(outcomes: [], expected: .delete),
        Case(outcomes: [.delivered, .pruned, .failed], expected: .delete),
        Case(outcomes: [.delivered, .retryLater(after: nil)], expected: .release(after: nil)),
        Case(outcomes: [.retryLater(after: .seconds(5)), .delivered], expected: .release(after: .seconds(5))),
        Case(
            outcomes: [
                .retryLater(after: .seconds(5)), .retryLater(after: nil), .retryLater(after: .seconds(60)),
                .retryLater(after: .seconds(2)),
            ],
            expected: .release(after: .seconds(60))),
        Case(outcomes: [.retryLater(after: nil), .retryLater(after: .milliseconds(1500))], expected: .release(after: .milliseconds(1500))),
        Case(
            outcomes: [.delivered, .retryLater(after: .seconds(1)), .halted(reason: "InvalidProviderToken"), .halted(reason: "BadTopic")],
            expected: .halt(reason: "InvalidProviderToken")),
        Case(outcomes: [.halted(reason: "THIRD_PARTY_AUTH_ERROR"), .delivered], expected: .halt(reason: "THIRD_PARTY_AUTH_ERROR")),
    ]

    @Test(arguments: cases)
    func completionFollowsTheOutcomes(_ testCase: Case) {
        #expect(JobCompletion(outcomes: testCase.outcomes) == testCase.expected)
    }
}
