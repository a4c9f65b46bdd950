import TestSupport
import Testing

/// The MQTT decoder under hostile input (``MQTTFuzzHarness``): 20,000 inputs here;
/// ``MQTTFuzzSoakTests`` (`make soak`) tries a million.
@Suite("MQTT fuzzing")
struct MQTTFuzzTests {
    @Test func decoderSurvivesHostileInput() {
        var harness = MQTTFuzzHarness(seed: 0x4D51_5454)
        harness.run(inputs: 20_000)
        print("MQTT fuzz: \(harness.tally)")
        let tally = harness.tally
        #expect(tally.inputs == 20_000 && tally.packets > tally.inputs && tally.errors > 0 && tally.incomplete > 0)
    }
}

/// A million MQTT fuzz inputs with another seed; run by `make soak`.
@Suite("MQTT fuzzing soak", .soak)
struct MQTTFuzzSoakTests {
    @Test func aMillionHostileInputs() {
        var harness = MQTTFuzzHarness(seed: 0x534F_414B_4D51)
        harness.run(inputs: 1_000_000)
        print("MQTT fuzz soak: \(harness.tally)")
        #expect(harness.tally.inputs == 1_000_000)
    }
}
