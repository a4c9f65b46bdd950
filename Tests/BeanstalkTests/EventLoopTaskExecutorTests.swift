import Beanstalk
import NIOCore
import TestSupport
import Testing

/// A task preferring a connection's executor runs on the connection's event loop, also after
/// awaiting replies.
@Suite struct EventLoopTaskExecutorTests {
    @Test func commandsAwaitedUnderTheConnectionsExecutorResumeOnItsLoop() async throws {
        try await withBeanstalkd { server in
            let connection = try await server.connect()
            let executor = connection.taskExecutor
            let resumedOnTheLoop = try await withTaskExecutorPreference(executor) {
                var everyTime = executor.eventLoop.inEventLoop
                for index in 0..<50 {
                    _ = try await connection.put("job \(index)")
                    everyTime = everyTime && executor.eventLoop.inEventLoop
                }
                return everyTime
            }
            #expect(resumedOnTheLoop)
            #expect(!executor.eventLoop.inEventLoop)
            #expect(try await connection.statsTube(try TubeName("default"))?.currentJobsReady == 50)
            await connection.close()
        }
    }
}
