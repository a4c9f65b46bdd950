import AlarmCore
import Testing

/// The nesting guard that keeps deep JSON away from JSONDecoder's recursion.
@Suite struct JSONNestingTests {
    @Test(arguments: [
        (#"{"a":1}"#, false), (#"{"a":[1,{"b":[]}]}"#, false), (String(repeating: "[", count: 32), false),
        (String(repeating: "[", count: 33), true), (String(repeating: #"{"a":"#, count: 33), true),
        (#"{"a":""# + String(repeating: "[", count: 100) + #""}"#, false),
        (#"{"a":"\""# + String(repeating: "[", count: 100) + #""}"#, false),
        (#"{"a":"\\"# + #"""# + String(repeating: "[", count: 40), true),
        (String(repeating: "[]", count: 10_000), false), ("", false), ("not json", false),
    ])
    func countsOnlyBracketsOutsideStrings(json: String, tooDeep: Bool) {
        #expect(JSONNesting.exceedsLimit(json.utf8) == tooDeep, "\(json.prefix(60))")
    }

    @Test func eventsCommandsAndRegistrationsRefuseDeepNestingWithAReason() {
        let deep = String(repeating: "[", count: 100_000)
        let error = formatError { () throws(FormatError) in _ = try AlarmEvent.decode(json: deep) }
        #expect(error?.description == "not valid JSON: nested deeper than 32 levels")
        let commandError = formatError { () throws(FormatError) in _ = try AlarmCommand.decode(job: #"{"code":"arm","x":"# + deep) }
        #expect(commandError?.description == "not valid JSON: nested deeper than 32 levels")
    }
}
