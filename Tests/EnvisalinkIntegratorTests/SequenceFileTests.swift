import AlarmCore
import EnvisalinkIntegrator
import EnvisalinkSimulator
import EnvisalinkTPI
import Foundation
import TestSupport
import Testing

/// A sequence state file that cannot be written (a full disk) or read never costs an event.
@Suite("Integrator sequence file")
struct SequenceFileTests {
    /// Makes every write of the state file fail until the returned closure is called: the
    /// temporary file written before the rename is a directory (a write fails as on a full disk).
    private static func blockWrites(of path: String) -> () throws -> Void {
        try! FileManager.default.createDirectory(atPath: path + ".tmp", withIntermediateDirectories: false)
        try! "".write(toFile: path + ".tmp/in-the-way", atomically: false, encoding: .utf8)
        return { try FileManager.default.removeItem(atPath: path + ".tmp") }
    }

    @Test func eventsAndCommandsGoOnWhenTheSequenceFileCannotBeWritten() async throws {
        var unblock: (() throws -> Void)?
        try await IntegratorHarness.run(configure: { unblock = Self.blockWrites(of: $0.envisalink!.sequenceFile) }) { harness in
            try await harness.waitForLogin()
            var seen = try await harness.events(until: "the sequence file fault") { $0.type == .fault && $0.code == "sequence" }
            #expect(seen.last?.message.contains("cannot be saved") == true)
            #expect(await harness.panel.control("open 1").hasPrefix("ok"))
            seen += try await harness.events(until: "zone 1 open") { $0.code == "609" && $0.zone == 1 }
            #expect(await harness.panel.control("close 1").hasPrefix("ok"))
            seen += try await harness.events(until: "zone 1 closed") { $0.code == "610" && $0.zone == 1 }
            // The panel's events come one after the other: each has a higher number.
            let sequences = seen.filter { $0.code != "sequence" }.compactMap(\.sequence)
            #expect(sequences.count > 3 && zip(sequences, sequences.dropFirst()).allSatisfy { $0 < $1 }, "\(sequences)")

            // A command the panel accepted is answered once and never sent again.
            try await harness.send("arm")
            let answered = try await harness.events(until: "the answer to arm") { $0.type == .response }
            #expect(answered.last?.code == "500")
            try await harness.send("status")
            _ = try await harness.events(until: "the answer to status") { $0.type == .response }
            #expect(await harness.panel.simulator.observation.received.filter { $0.code == "030" }.count == 1)

            try unblock?()
            #expect(await harness.panel.control("open 2").hasPrefix("ok"))
            let recovered = try await harness.events(until: "the sequence file recovery") { $0.type == .recovery && $0.code == "sequence" }
            #expect(recovered.compactMap(\.sequence).allSatisfy { $0 > sequences.last! }, "still above every earlier number")
        }
    }

    @Test func aCorruptSequenceFileStopsStartUpNamingTheFile() async throws {
        try await withTemporaryDirectory { directory in
            let path = directory.appending("sequence")
            try "password: hunter2\n".write(toFile: path, atomically: true, encoding: .utf8)
            var configuration = HowAlarmingConfig()
            var panel = EnvisalinkConfig()
            panel.password = Secret(IntegratorHarness.password)
            panel.spool = directory.appending("spool.jsonl")
            panel.sequenceFile = path
            configuration.envisalink = panel
            let error = try #require(throws: SequenceStateError.self) {
                _ = try EnvisalinkIntegratorApp.services(configuration: configuration, logger: quietLogger)
            }
            #expect(error.description.contains(path) && error.description.contains("does not hold a sequence number"))
            #expect(!error.description.contains("hunter2"), "the file's content is never quoted")
            #expect(try String(contentsOfFile: path, encoding: .utf8) == "password: hunter2\n", "the file is left alone")
        }
    }
}
