import PushDelivery
import Testing

/// Delete or release (with which delay) from the devices' outcomes.
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
        // The shortest wait: no device waits for another's longer one.
        Case(
            outcomes: [.retryLater(after: .seconds(5)), .retryLater(after: .seconds(60)), .retryLater(after: .seconds(2))],
            expected: .release(after: .seconds(2))),
        // A device that asked for no particular wait gets the runtime's (short) backoff.
        Case(
            outcomes: [.retryLater(after: .seconds(55)), .retryLater(after: nil), .delivered],
            expected: .release(after: nil)),
        Case(outcomes: [.retryLater(after: .milliseconds(1500)), .failed], expected: .release(after: .milliseconds(1500))),
    ]

    @Test(arguments: cases)
    func completionFollowsTheOutcomes(_ testCase: Case) {
        #expect(JobCompletion(outcomes: testCase.outcomes) == testCase.expected)
    }
}
