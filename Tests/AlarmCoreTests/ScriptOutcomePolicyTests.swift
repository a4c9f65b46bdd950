import AlarmCore
import Testing

/// How a script consumer's program ended decides its job's fate.
@Suite struct ScriptOutcomePolicyTests {
    @Test(arguments: [
        (ScriptTermination.exited(0), JobOutcome.done),
        (.exited(99), .bury(reason: "program exited with status 99, the bury exit code")),
        (.exited(1), .retry()),
        (.exited(98), .retry()),
        (.exited(127), .retry()),
        (.signalled(9), .retry()),
        (.timedOut(after: .seconds(30)), .retry()),
        (.failedToStart("Permission denied"), .retry()),
    ])
    func defaultPolicy(termination: ScriptTermination, outcome: JobOutcome) {
        #expect(ScriptOutcomePolicy().outcome(for: termination) == outcome)
    }

    @Test func aConfiguredBuryExitCodeReplacesTheDefault() {
        let policy = ScriptOutcomePolicy(buryExitCode: 42)
        #expect(policy.outcome(for: .exited(42)) == .bury(reason: "program exited with status 42, the bury exit code"))
        #expect(policy.outcome(for: .exited(99)) == .retry())
        #expect(policy.outcome(for: .exited(0)) == .done)
    }

    @Test func terminationsDescribeThemselves() {
        #expect(ScriptTermination.exited(3).description == "exited with status 3")
        #expect(ScriptTermination.signalled(9).description == "ended by signal 9")
        #expect(ScriptTermination.timedOut(after: .seconds(2)).description.contains("time limit"))
        #expect(ScriptTermination.failedToStart("Exec format error").description == "could not start (Exec format error)")
    }
}
