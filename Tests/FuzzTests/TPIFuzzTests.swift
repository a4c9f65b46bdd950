import EnvisalinkTPI
import TestSupport
import Testing

/// The TPI decoder and session under hostile input: random bytes, mutated and re-checksummed
/// frames, bad checksums, overlong lines, blank lines and timestamps, split at random points.
/// 20,000 inputs here; ``TPIFuzzSoakTests`` (`make soak`) tries a million.
@Suite("TPI fuzzing")
struct TPIFuzzTests {
    @Test func decoderAndSessionSurviveHostileInput() {
        var harness = TPIFuzzHarness(seed: 0x4841_4C41_524D)
        harness.run(inputs: 20_000)
        print("TPI fuzz: \(harness.tally)")
        #expect(harness.tally.invalidLines > 0 && harness.tally.frames > harness.tally.inputs && harness.tally.logins > 0)
    }
}

/// A million TPI fuzz inputs with another seed; run by `make soak`.
@Suite("TPI fuzzing soak", .soak)
struct TPIFuzzSoakTests {
    @Test func aMillionHostileInputs() {
        var harness = TPIFuzzHarness(seed: 0x534F_414B)
        harness.run(inputs: 1_000_000)
        print("TPI fuzz soak: \(harness.tally)")
        #expect(harness.tally.inputs == 1_000_000)
    }
}
