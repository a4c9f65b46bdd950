import AlarmCore
import Beanstalk
@testable import EnvisalinkIntegrator
import Foundation
import TestSupport
import Testing

/// The record of sent commands: what it recognises, what it keeps, and a file it will not read.
@Suite("Integrator record of sent commands")
struct SentCommandRecordTests {
    let now: Int64 = 1_800_000_000
    let retention = Duration.seconds(120)
    let given = UUID(uuidString: "6f1c5a2e-0000-4000-8000-000000000001")!
    let generated = UUID(uuidString: "6f1c5a2e-0000-4000-8000-000000000002")!

    @Test func aJobHandedOutAgainIsRecognisedByItsIdAndItsCommandID() {
        let withID = SentCommand(job: JobID(7), sent: now, commandID: given, idFromJob: true)
        #expect(withID.isSameJob(JobID(7), commandID: given))
        #expect(!withID.isSameJob(JobID(7), commandID: nil), "a job without an id is another job")
        #expect(!withID.isSameJob(JobID(7), commandID: generated), "a job with another id is another job")
        #expect(!withID.isSameJob(JobID(8), commandID: given))
        // A plain-string command gets a fresh id on every attempt: its job id alone counts.
        let withoutID = SentCommand(job: JobID(7), sent: now, commandID: generated, idFromJob: false)
        #expect(withoutID.isSameJob(JobID(7), commandID: nil))
        #expect(!withoutID.isSameJob(JobID(7), commandID: given), "a job with an id of its own is another job")
    }

    @Test func anEntryReadsBackAsWritten() {
        for entry in [SentCommand(job: JobID(UInt64.max), sent: now, commandID: given, idFromJob: true),
                      SentCommand(job: JobID(1), sent: 0, commandID: generated, idFromJob: false)] {
            #expect(SentCommand(line: Substring(entry.line)) == entry, "\(entry.line)")
        }
        for line in ["", "7 1800000000 6f1c5a2e-0000-4000-8000-000000000001", "7 1800000000 not-a-uuid job",
                     "x 1800000000 6f1c5a2e-0000-4000-8000-000000000001 job", "7 1800000000 6f1c5a2e-0000-4000-8000-000000000001 maybe"] {
            #expect(SentCommand(line: Substring(line)) == nil, "\(line)")
        }
    }

    @Test func theFileLivesBesideTheSequenceFile() {
        #expect(SentCommandRecord.path(besideSequenceFile: "/var/lib/howalarming/envisalink.sequence") == "/var/lib/howalarming/envisalink.sent-commands")
        #expect(SentCommandRecord.path(besideSequenceFile: "/tmp/x.y/sequence") == "/tmp/x.y/sequence.sent-commands")
        #expect(SentCommandRecord.path(besideSequenceFile: "state/.sequence") == "state/.sequence.sent-commands")
        #expect(SentCommandRecord.path(besideSequenceFile: "sequence") == "sequence.sent-commands")
    }

    @Test func aRecordedSendingIsOnDiskAndOldOnesAreDropped() async throws {
        try await withTemporaryDirectory { directory in
            let path = directory.appending("envisalink.sent-commands")
            let record = try SentCommandRecord(path: path, retention: retention, now: now)
            try await record.recordSending(SentCommand(job: JobID(1), sent: now, commandID: given, idFromJob: true))
            try await record.recordSending(SentCommand(job: JobID(2), sent: now + 60, commandID: generated, idFromJob: false))
            let restarted = try SentCommandRecord(path: path, retention: retention, now: now + 60)
            #expect(await restarted.sending(of: JobID(1), commandID: given)?.sent == now)
            #expect(await restarted.sending(of: JobID(2), commandID: nil)?.commandID == generated)

            // Older than the retention: the job would be refused as expired anyway.
            try await restarted.recordSending(SentCommand(job: JobID(3), sent: now + 121, commandID: generated, idFromJob: false))
            #expect(try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map { $0.prefix(2) } == ["2 ", "3 "])
            #expect(try await SentCommandRecord(path: path, retention: retention, now: now + 300).sending(of: JobID(3), commandID: nil) == nil)
            #expect(try String(contentsOfFile: path, encoding: .utf8).count < 200, "the file holds the last minutes only")

            try await restarted.forget(JobID(3))
            #expect(try await SentCommandRecord(path: path, retention: retention, now: now + 121).sending(of: JobID(3), commandID: nil) == nil)
        }
    }

    @Test func aFileThatIsNotARecordStopsStartUpNamingTheFile() async throws {
        try await withTemporaryDirectory { directory in
            let path = directory.appending("envisalink.sent-commands")
            try "password: hunter2\n".write(toFile: path, atomically: true, encoding: .utf8)
            let error = try #require(throws: SentCommandRecordError.self) {
                _ = try SentCommandRecord(path: path, retention: retention, now: now)
            }
            #expect(error.description.contains(path) && error.description.contains("does not hold a record of sent commands"))
            #expect(!error.description.contains("hunter2"), "the file's content is never quoted")
            #expect(try String(contentsOfFile: path, encoding: .utf8) == "password: hunter2\n", "the file is left alone")
        }
    }
}

/// The directory of the integrator's state files on a fresh box.
@Suite("Integrator state directory")
struct StateDirectoryTests {
    private func configuration(sequenceFile: String, in directory: TemporaryDirectory) -> HowAlarmingConfig {
        var configuration = HowAlarmingConfig()
        var panel = EnvisalinkConfig()
        panel.password = Secret(IntegratorHarness.password)
        panel.spool = directory.appending("spool.jsonl")
        panel.sequenceFile = sequenceFile
        configuration.envisalink = panel
        return configuration
    }

    @Test func aMissingStateDirectoryIsMadeAtStartUp() async throws {
        try await withTemporaryDirectory { directory in
            let state = directory.appending("var/lib/howalarming")
            _ = try EnvisalinkIntegratorApp.services(
                configuration: configuration(sequenceFile: state + "/envisalink.sequence", in: directory), logger: quietLogger)
            let attributes = try FileManager.default.attributesOfItem(atPath: state)
            #expect(attributes[.type] as? FileAttributeType == .typeDirectory)
            #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o750)
        }
    }

    @Test func aStateDirectoryThatCannotBeMadeStopsStartUpNamingTheKey() async throws {
        try await withTemporaryDirectory { directory in
            try "".write(toFile: directory.appending("in-the-way"), atomically: true, encoding: .utf8)
            let error = try #require(throws: ConfigError.self) {
                _ = try EnvisalinkIntegratorApp.services(
                    configuration: configuration(sequenceFile: directory.appending("in-the-way/state/envisalink.sequence"), in: directory),
                    logger: quietLogger)
            }
            #expect(error.description.contains("envisalinkd.sequence_file") && error.description.contains(directory.appending("in-the-way/state")),
                    "\(error)")
        }
    }
}
