import AlarmCore
import Beanstalk
import ServiceLifecycle
import ServiceLifecycleTestKit
import Synchronization
import TestSupport
import Testing

/// A consumer with a pipelined handler: jobs started in the order reserved, several finishing side
/// by side, each settled by its own completion, none lost at shutdown.
@Suite struct PipelinedConsumerTests {
    private let tube = try! TubeName("work")

    /// Completions that wait until the test lets them finish, by event message.
    private final class Gates: Sendable {
        private let state = Mutex<(started: [String], open: Set<String>, waiting: [String: CheckedContinuation<Void, Never>])>(([], [], [:]))

        func start(_ name: String) { state.withLock { $0.started.append(name) } }
        var started: [String] { state.withLock { $0.started } }

        func wait(for name: String) async {
            await withCheckedContinuation { continuation in
                let isOpen = state.withLock { state in
                    if state.open.contains(name) { return true }
                    state.waiting[name] = continuation
                    return false
                }
                if isOpen { continuation.resume() }
            }
        }

        func open(_ name: String) {
            let waiting = state.withLock { state in
                state.open.insert(name)
                return state.waiting.removeValue(forKey: name)
            }
            waiting?.resume()
        }
    }

    private func consumer(_ server: BeanstalkdServer, gates: Gates, maximumInFlight: Int) -> QueueConsumer<AlarmEvent> {
        QueueConsumer<AlarmEvent>(
            endpoint: server.beanstalkEndpoint, configuration: ConsumerConfiguration(tubes: [tube]), logger: quietLogger,
            maximumInFlight: maximumInFlight
        ) { event, _ in
            gates.start(event.message)
            return {
                await gates.wait(for: event.message)
                // As the MQTT bridge's: work cut short by a shutdown is retried.
                if Task.isShuttingDownGracefully { throw CancellationError() }
                return .done
            }
        }
    }

    @Test func jobsStartInOrderAndEachIsDeletedWhenItsOwnWorkIsDone() async throws {
        try await withBeanstalkd { server in
            let producer = try await server.connect()
            let names = (1...5).map { "event \($0)" }
            var ids: [String: JobID] = [:]
            for name in names { ids[name] = try await producer.put(sampleEvent(name).jsonString(), on: tube) }
            let gates = Gates()
            try await testGracefulShutdown { trigger in
                let task = Task { try await consumer(server, gates: gates, maximumInFlight: 3).run() }
                // Three start at once, in order; the fourth waits for room.
                try await eventually("three started") { gates.started.count == 3 }
                #expect(gates.started == Array(names.prefix(3)))
                // The second finishes first: only its job goes, and the fourth starts.
                gates.open("event 2")
                try await eventually("event 2 deleted") { try await producer.statsJob(ids["event 2"]!) == nil }
                try await eventually("the fourth started") { gates.started.count == 4 }
                #expect(try await producer.statsJob(ids["event 1"]!)?.state == .reserved)
                for name in ["event 1", "event 3", "event 4", "event 5"] { gates.open(name) }
                try await eventually("every job deleted") {
                    let stats = try await producer.tubeStats("work")
                    return stats?.currentJobsReserved == 0 && stats?.currentJobsReady == 0
                }
                #expect(gates.started == names)
                trigger.triggerGracefulShutdown()
                try await task.value
            }
        }
    }

    @Test func atShutdownTheJobsStillInFlightGoBackToTheQueue() async throws {
        try await withBeanstalkd { server in
            let producer = try await server.connect()
            for index in 1...3 { try await producer.put(sampleEvent("event \(index)").jsonString(), on: tube) }
            let gates = Gates()
            try await testGracefulShutdown { trigger in
                let task = Task { try await consumer(server, gates: gates, maximumInFlight: 8).run() }
                try await eventually("all three started") { gates.started.count == 3 }
                gates.open("event 1")
                try await eventually("event 1 deleted") { try await producer.tubeStats("work")?.currentJobsReserved == 2 }
                trigger.triggerGracefulShutdown()
                for index in 2...3 { gates.open("event \(index)") }
                try await task.value
            }
            // The two whose work the shutdown cut short are back in the queue, none left reserved:
            // released by the consumer, or, when the shutdown's cancelled reserve closed the
            // connection first, by beanstalkd as it sees the connection close.
            try await eventually("the two unfinished jobs back in the queue") {
                let stats = try await producer.tubeStats("work")
                return stats?.currentJobsReserved == 0 && stats?.currentJobsReady == 2
            }
            #expect(try await producer.tubeStats("work")?.totalJobs == 3)
        }
    }
}
