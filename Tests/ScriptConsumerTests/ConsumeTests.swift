#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
import CLITestSupport
import TestSupport

/// `howalarming consume --exec`: a program's exit status settles the job.
@Suite(.serialized) struct ConsumeTests {
    /// An event as an old producer might write it: spaces, a number for `code`, a string
    /// timestamp, an upper-case id, an unknown field, non-ASCII text.
    static let oddlyWrittenEvent = #"{"type": "alarm", "code": 601, "message": "Tür \"vorne\"", "timestamp": "1700000000", "id": "8C4E7D2A-1F0B-4A8E-9C3D-5B6A7E8F9012", "zone": 1, "extra": [1, 2]}"#

    /// Runs `body` with a beanstalkd whose script tube holds ``oddlyWrittenEvent`` (its job id
    /// is passed on), and a directory for the programs' files, which they find as `$OUT`.
    private func withQueuedEvent(_ body: (CLI, Int, TemporaryDirectory) async throws -> Void) async throws {
        try await withCLI(events: ["cli", CLI.scriptTube]) { cli in
            try await withTemporaryDirectory { out in
                try await body(cli, try cli.queue.put(Self.oddlyWrittenEvent, in: CLI.scriptTube), out)
            }
        }
    }

    @Test func successDeletesTheJobAndTheProgramGetsTheExactBodyAndItsVariables() async throws {
        try await withQueuedEvent { cli, id, out in
            let consumer = try cli.startConsume(exec: shell("""
                cat > "$OUT/body"; env > "$OUT/env"; echo "hello from job $HOWALARMING_JOB_ID"; echo oops >&2
                """), environment: ["OUT": out.path])
            let result = try await consumer.stop(once: "the job is deleted") { try cli.queue.count("cmd-delete", in: CLI.scriptTube) == 1 }

            #expect(result.status == .exited(0), "\(result)")
            #expect(try cli.queue.stats(job: id) == nil)
            #expect(contents(of: out.appending("body")) == Self.oddlyWrittenEvent, "stdin must carry the body exactly as queued")
            let variables = Set(try #require(contents(of: out.appending("env"))).split(separator: "\n").map(String.init))
            for expected in ["HOWALARMING_EVENT_TYPE=alarm", "HOWALARMING_EVENT_CODE=601", "HOWALARMING_EVENT_ZONE=1",
                             "HOWALARMING_EVENT_ID=8c4e7d2a-1f0b-4a8e-9c3d-5b6a7e8f9012", "HOWALARMING_EVENT_TIMESTAMP=1700000000",
                             "HOWALARMING_JOB_ID=\(id)", "HOWALARMING_ATTEMPT=1", "HOWALARMING_TUBE=scripts",
                             "HOWALARMING_BURY_EXIT_CODE=99", "HOWALARMING_MAX_ATTEMPTS=10", "HOWALARMING_CONFIG=\(cli.configPath)",
                             "OUT=\(out.path)"] {
                #expect(variables.contains(expected), "no \(expected) in \(variables.sorted())")
            }
            let lines = result.errorLines
            #expect(lines.contains { $0.contains("job_id=\(id)") && $0.contains("stream=stdout") && $0.hasSuffix("hello from job \(id)") }, "\(result)")
            #expect(lines.contains { $0.contains("warning") && $0.contains("stream=stderr") && $0.hasSuffix("oops") }, "\(result)")
            #expect(lines.contains { $0.contains("program succeeded") && $0.contains("exited with status 0") }, "\(result)")
        }
    }

    /// A program (or whatever it leaves running) holding the consumer's beanstalkd connection would
    /// keep the job reserved after the consumer is gone: only its three pipes may reach it.
    @Test func theProgramInheritsNoDescriptorButItsThreePipes() async throws {
        try await withQueuedEvent { cli, id, _ in
            // `ls`, run by the shell (not in its place: `; true`), lists the shell's descriptors
            // with what each refers to, on the standard output the consumer logs.
            let consumer = try cli.startConsume(exec: shell("ls -l /proc/$$/fd; true"))
            let result = try await consumer.stop(once: "the job is deleted") { try cli.queue.stats(job: id) == nil }
            #expect(result.status == .exited(0), "\(result)")
            let descriptors = result.errorLines.filter { $0.contains("stream=stdout") }.compactMap { line -> String? in
                guard let arrow = line.range(of: " -> ") else { return nil }
                return String(line[..<arrow.lowerBound].split(separator: " ").last ?? "") + " " + line[arrow.upperBound...]
            }
            #expect(descriptors.count >= 3, "\(result)")
            let inherited = descriptors.filter { !["0 ", "1 ", "2 "].contains(where: $0.hasPrefix) }
            #expect(inherited.isEmpty, "descriptors the program should not have: \(inherited)")
        }
    }

    @Test func failureReleasesTheJobUntilItsLastAttemptThenBuriesIt() async throws {
        try await withQueuedEvent { cli, id, out in
            let consumer = try cli.startConsume(["--max-attempts", "3"], exec: shell("""
                echo "$HOWALARMING_ATTEMPT" >> "$OUT/attempts"; exit 3
                """), environment: ["OUT": out.path])
            let result = try await consumer.stop(once: "the job is buried", timeout: .seconds(30)) { try cli.queue.stats(job: id)?["state"] == "buried" }

            #expect(result.status == .exited(0), "\(result)")
            #expect(contents(of: out.appending("attempts")) == "1\n2\n3\n")
            #expect(try cli.queue.stats(job: id)?["releases"] == "2")
            #expect(result.errorLines.filter { $0.contains("job released for another attempt") }.count == 2, "\(result)")
            #expect(result.stderr.contains("exited with status 3"), "\(result)")
        }
    }

    @Test(arguments: [[], ["--bury-exit-code", "42"]])
    func theBuryExitCodeBuriesTheJobAtOnce(options: [String]) async throws {
        try await withQueuedEvent { cli, id, _ in
            let consumer = try cli.startConsume(options, exec: shell("exit $HOWALARMING_BURY_EXIT_CODE"))
            let result = try await consumer.stop(once: "the job is buried") { try cli.queue.stats(job: id)?["state"] == "buried" }

            #expect(try cli.queue.stats(job: id)?["releases"] == "0")
            #expect(result.stderr.contains("program exited with status \(options.last ?? "99"), the bury exit code"), "\(result)")
        }
    }

    @Test func aProgramPastItsTimeoutIsKilledAndItsJobReleased() async throws {
        try await withQueuedEvent { cli, id, out in
            let consumer = try cli.startConsume(["--timeout", "1"], exec: shell(#"echo $$ > "$OUT/pid"; exec sleep 60"#),
                                                environment: ["OUT": out.path])
            let result = try await consumer.stop(once: "the job is released", timeout: .seconds(30)) { try cli.queue.releases(ofJob: id) >= 1 }

            let pid = try #require(contents(of: out.appending("pid")).flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) })
            #expect(kill(pid, 0) == -1 && errno == ESRCH, "sleep 60 must be gone")
            #expect(result.stderr.contains("program ran out of time: sending SIGTERM"), "\(result)")
            #expect(!result.stderr.contains("SIGKILL"), "sleep ends on SIGTERM\n\(result)")
            #expect(result.stderr.contains("killed after its 1.0 seconds time limit"), "\(result)")
        }
    }

    @Test func aProgramThatIgnoresSIGTERMGetsSIGKILL() async throws {
        try await withQueuedEvent { cli, id, _ in
            // The shell and its sleep ignore SIGTERM, so only SIGKILL to the group ends them.
            let consumer = try cli.startConsume(["--timeout", "1", "--kill-after", "1"], exec: shell("trap '' TERM; sleep 60; exit 0"))
            let result = try await consumer.stop(once: "the job is released", timeout: .seconds(30)) { try cli.queue.releases(ofJob: id) >= 1 }

            #expect(result.stderr.contains("program still running after SIGTERM: sending SIGKILL"), "\(result)")
        }
    }

    @Test func sigtermLetsTheRunningProgramFinishAndDeletesItsJob() async throws {
        try await withQueuedEvent { cli, id, out in
            let consumer = try cli.startConsume(exec: shell(#"touch "$OUT/started"; sleep 2; touch "$OUT/finished""#),
                                                environment: ["OUT": out.path])
            let result = try await consumer.stop(once: "the program runs") { FileManager.default.fileExists(atPath: out.appending("started")) }

            #expect(result.status == .exited(0), "\(result)")
            #expect(FileManager.default.fileExists(atPath: out.appending("finished")), "the program was interrupted\n\(result)")
            #expect(try cli.queue.stats(job: id) == nil, "the job must be deleted")
            #expect(result.stderr.contains("consumer stopped"), "\(result)")
        }
    }

    @Test func sigtermWaitsForTheTimeoutOfAProgramThatDoesNotFinish() async throws {
        try await withQueuedEvent { cli, id, out in
            let consumer = try cli.startConsume(["--timeout", "2"], exec: shell(#"touch "$OUT/started"; exec sleep 60"#),
                                                environment: ["OUT": out.path])
            let result = try await consumer.stop(once: "the program runs") { FileManager.default.fileExists(atPath: out.appending("started")) }

            #expect(result.status == .exited(0), "\(result)")
            #expect(result.stderr.contains("program ran out of time"), "\(result)")
            let job = try #require(try cli.queue.stats(job: id), "the job must not be lost")
            #expect(job["releases"] == "1" && ["ready", "delayed"].contains(job["state"]), "\(job)")
        }
    }

    @Test func aMalformedJobIsBuriedWithoutRunningTheProgram() async throws {
        try await withQueuedEvent { cli, _, out in
            let bad = try cli.queue.put("not json", in: CLI.scriptTube)
            let consumer = try cli.startConsume(exec: shell(#"echo "$HOWALARMING_JOB_ID" >> "$OUT/ran""#), environment: ["OUT": out.path])
            let result = try await consumer.stop(once: "the bad job is buried") { try cli.queue.stats(job: bad)?["state"] == "buried" }

            #expect(contents(of: out.appending("ran"))?.split(separator: "\n").count == 1, "only the good job runs the program")
            #expect(result.stderr.contains("malformed job"), "\(result)")
        }
    }

    @Test func aRepeatedEventRunsTheProgramOnceButEventsWithoutIDEveryTime() async throws {
        try await withQueuedEvent { cli, _, out in
            let withoutID = #"{"type":"info","code":"609","timestamp":1}"#
            for body in [Self.oddlyWrittenEvent, withoutID, withoutID] {
                try cli.queue.put(body, in: CLI.scriptTube)
            }
            let consumer = try cli.startConsume(exec: shell(#"echo "$HOWALARMING_EVENT_TYPE" >> "$OUT/ran""#), environment: ["OUT": out.path])
            let result = try await consumer.stop(once: "every job is deleted") { try cli.queue.count("cmd-delete", in: CLI.scriptTube) == 4 }

            #expect(contents(of: out.appending("ran")) == "alarm\ninfo\ninfo\n")
            #expect(result.stderr.contains("repeat of an event already handled"), "\(result)")
        }
    }

    @Test func aProgramThatCannotStartIsRetried() async throws {
        try await withQueuedEvent { cli, id, out in
            // Written by a child process: a file this (multi-threaded) test process had open for
            // writing could be inherited by a child another test spawns, and then fail with ETXTBSY.
            let program = out.appending("not-a-program")
            let made = try await ProcessRunner.run("/bin/sh", arguments: [
                "-c", #"echo 'neither a script nor a binary' > "$1" && chmod +x "$1""#, "sh", program,
            ])
            try #require(made.status == .exited(0), "\(made)")
            let consumer = try cli.startConsume(exec: [program])
            let result = try await consumer.stop(once: "the job is released") { try cli.queue.releases(ofJob: id) >= 1 }

            #expect(result.stderr.contains("could not start (Exec format error)"), "\(result)")
        }
    }

    @Test func aLargeBodyAndLongOutputFlowWhileTheProgramRuns() async throws {
        try await withCLI(events: ["cli", CLI.scriptTube]) { cli in
            try await withTemporaryDirectory { out in
                // Nearly beanstalkd's largest job, and more output than a pipe holds, without a newline.
                let body = #"{"type":"info","code":"609","timestamp":1,"message":""# + String(repeating: "m", count: 60_000) + #""}"#
                let id = try cli.queue.put(body, in: CLI.scriptTube)
                let consumer = try cli.startConsume(exec: shell(#"head -c 100000 /dev/zero | tr '\0' x; cat > "$OUT/body""#),
                                                    environment: ["OUT": out.path])
                let result = try await consumer.stop(once: "the job is deleted") { try cli.queue.stats(job: id) == nil }

                #expect(contents(of: out.appending("body")) == body)
                let pieces = result.errorLines.filter { $0.contains("stream=stdout") }.map { $0.split(separator: " ").last ?? "" }
                #expect(pieces.map(\.count) == Array(repeating: 4096, count: 24) + [100_000 - 24 * 4096], "\(pieces.map(\.count))")
            }
        }
    }

    @Test func aProcessLeftBehindDoesNotHoldUpTheJob() async throws {
        try await withQueuedEvent { cli, id, out in
            // The background sleep keeps the program's output pipes open after the program exits.
            let consumer = try cli.startConsume(exec: shell(#"sleep 60 & echo $! > "$OUT/pid"; echo done"#), environment: ["OUT": out.path])
            try await running {
                let result = try await consumer.stop(once: "the job is deleted", timeout: .seconds(20)) { try cli.queue.stats(job: id) == nil }
                #expect(result.errorLines.contains { $0.hasSuffix("stream=stdout tube=scripts [ScriptConsumer] done") }, "\(result)")
            } then: {
                if let pid = contents(of: out.appending("pid")).flatMap({ Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }) {
                    kill(pid, SIGKILL)
                }
            }
        }
    }
}
