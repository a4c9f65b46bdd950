import AlarmCore
import Beanstalk
import Foundation
import NIOCore
import TestSupport
import Testing

/// Events are never lost while beanstalkd is away: they wait in the spool, in order, across restarts.
@Suite("Spooling publisher")
struct SpoolingPublisherTests {
    private func publisher(_ server: BeanstalkdServer, spool: String, tubes: [TubeName] = [.default]) throws -> SpoolingPublisher {
        try SpoolingPublisher(
            publisher: EventPublisher(
                endpoint: server.beanstalkEndpoint, tubes: tubes, source: "spool-test",
                sequence: SequenceCounter(stateFile: nil), logger: quietLogger),
            spoolPath: spool, retryBackoff: Backoff(initial: .milliseconds(20), maximum: .milliseconds(100)),
            logger: quietLogger)
    }

    private func drain(_ server: BeanstalkdServer) async throws -> [String] {
        let reader = try await server.connect()
        var messages: [String] = []
        while let job = try await reader.reserve(timeout: .zero) {
            messages.append(try AlarmEvent.decode(json: job.body.readableBytesView).message)
            try await reader.delete(job.id)
        }
        return messages
    }

    @Test func spoolsWhileBeanstalkdIsDownAndFlushesInOrder() async throws {
        try await withTemporaryDirectory { directory in
            try await withBinloggedBeanstalkd { server in
                let spoolPath = directory.appending("spool.jsonl")
                let publisher = try publisher(server, spool: spoolPath)
                try await publisher.publish(sampleEvent("one"))
                try await server.stop()
                try await publisher.publish(sampleEvent("two"))
                try await publisher.publish(sampleEvent("three"))
                #expect(await publisher.spooledCount == 2)
                #expect(try String(contentsOfFile: spoolPath, encoding: .utf8).split(separator: "\n").count == 2)
                try await server.restart()
                // While older events wait, a new one queues behind them.
                try await publisher.publish(sampleEvent("four"))
                #expect(await publisher.flush())
                #expect(await publisher.spooledCount == 0)
                #expect(try await drain(server) == ["one", "two", "three", "four"])
            }
        }
    }

    /// The integrator publishes from several tasks at once (the panel's events, the arming
    /// monitor, the clock keeper, the consumer supervisor): the tube gets them in the order of
    /// their sequence, which consumers that read in order (the log) rely on.
    @Test func eventsPublishedAtOnceReachTheTubeInTheOrderOfTheirSequence() async throws {
        try await withTemporaryDirectory { directory in
            try await withBinloggedBeanstalkd { server in
                let publisher = try publisher(server, spool: directory.appending("spool.jsonl"))
                try await withThrowingTaskGroup(of: Void.self) { group in
                    for index in 0..<200 {
                        group.addTask { try await publisher.publish(sampleEvent("event \(index)")) }
                    }
                    try await group.waitForAll()
                }
                let reader = try await server.connect()
                var sequences: [UInt64] = []
                while let job = try await reader.reserve(timeout: .zero) {
                    sequences.append(try #require(try AlarmEvent.decode(json: job.body.readableBytesView).sequence))
                    try await reader.delete(job.id)
                }
                #expect(sequences.count == 200)
                #expect(sequences == sequences.sorted(), "out of order on the tube")
            }
        }
    }

    @Test func spoolSurvivesAProcessRestart() async throws {
        try await withTemporaryDirectory { directory in
            try await withBinloggedBeanstalkd { server in
                let spoolPath = directory.appending("spool.jsonl")
                try await server.stop()
                let first = try publisher(server, spool: spoolPath)
                let spooled = try await first.publish(sampleEvent("kept"))
                try await server.restart()
                // A new process finds the spooled event, with its id, and publishes it.
                let second = try publisher(server, spool: spoolPath)
                #expect(await second.spooledCount == 1)
                #expect(await second.flush())
                let reader = try await server.connect()
                let job = try #require(try await reader.reserve(timeout: .zero))
                #expect(try AlarmEvent.decode(json: job.body.readableBytesView).id == spooled.id)
            }
        }
    }

    @Test func anInvalidByteInTheSpoolCostsOnlyItsLine() async throws {
        try await withTemporaryDirectory { directory in
            try await withBinloggedBeanstalkd { server in
                let spoolPath = directory.appending("spool.jsonl")
                let line = { (message: String) in sampleEvent(message).jsonBytes() + [0x0A] }
                var damaged = line("damaged")
                damaged[damaged.count / 2] = 0xFF
                try Data(line("before") + damaged + line("after")).write(to: URL(fileURLWithPath: spoolPath))
                let publisher = try publisher(server, spool: spoolPath)
                #expect(await publisher.spooledCount == 2)
                #expect(await publisher.flush())
                #expect(try await drain(server) == ["before", "after"])
            }
        }
    }

    /// Issue 20: a spooled event keeps the tubes it must not go to, across a restart, while a
    /// spool written before exclusions existed (plain event lines) still goes to every tube.
    @Test func aSpooledEventKeepsItsExclusionsAndOldSpoolLinesGoEverywhere() async throws {
        try await withTemporaryDirectory { directory in
            try await withBinloggedBeanstalkd { server in
                let (push, log) = (try TubeName("push"), try TubeName("log"))
                let spoolPath = directory.appending("spool.jsonl")
                var old = sampleEvent("old line")
                old.id = UUID()
                try Data(old.jsonBytes() + [0x0A]).write(to: URL(fileURLWithPath: spoolPath))
                try await server.stop()
                let first = try publisher(server, spool: spoolPath, tubes: [push, log])
                try await first.publish(sampleEvent("push consumer down"), except: [push])
                let lines = try String(contentsOfFile: spoolPath, encoding: .utf8).split(separator: "\n")
                #expect(lines.count == 2 && lines[1].contains(#""spool_except":"push""#), "\(lines)")
                try await server.restart()
                let second = try publisher(server, spool: spoolPath, tubes: [push, log])
                #expect(await second.spooledCount == 2)
                #expect(await second.flush())
                #expect(try await messages(on: push, server) == ["old line"])
                #expect(try await messages(on: log, server) == ["old line", "push consumer down"])
            }
        }
    }

    /// The messages of the events on `tube`, read and deleted; none may carry the spool's own member.
    private func messages(on tube: TubeName, _ server: BeanstalkdServer) async throws -> [String] {
        let reader = try await server.connect()
        try await reader.watch(tube)
        try await reader.ignore(.default)
        var messages: [String] = []
        while let job = try await reader.reserve(timeout: .zero) {
            #expect(!String(buffer: job.body).contains("spool_except"), "the spool's member reached \(tube)")
            messages.append(try AlarmEvent.decode(json: job.body.readableBytesView).message)
            try await reader.delete(job.id)
        }
        await reader.close()
        return messages
    }

    @Test func unwritableSpoolIsALoudError() async throws {
        try await withBeanstalkd { server in
            try await server.stop()
            let publisher = try publisher(server, spool: "/nonexistent-directory/spool.jsonl")
            await #expect(throws: SpoolError.self) { try await publisher.publish(sampleEvent("nowhere")) }
        }
    }
}
