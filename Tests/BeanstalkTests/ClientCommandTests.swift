import Beanstalk
import NIOCore
import TestSupport
import Testing

/// Every command and its specific replies, against a real beanstalkd.
@Suite("Client commands against beanstalkd")
struct ClientCommandTests {
    @Test func putReserveDeleteWithBinaryAndEmptyBodies() async throws {
        try await withBeanstalkd { server in
            let connection = try await server.connect()
            let binary = ByteBuffer(bytes: [0x00, 0x0D, 0x0A, 0xFF, 0x0D, 0x0A, 0x7F])
            let first = try await connection.put(binary)
            let second = try await connection.put(ByteBuffer())
            #expect(second > first)
            let job = try #require(try await connection.reserve(timeout: .zero))
            #expect(job.id == first && job.body == binary)
            try await connection.delete(job.id)
            let empty = try #require(try await connection.reserve(timeout: .zero))
            #expect(empty.id == second && empty.body.readableBytes == 0)
            try await connection.delete(empty.id)
            #expect(try await connection.reserve(timeout: .zero) == nil)
            await expectError(.notFound) { try await connection.delete(first) }
            await connection.close()
        }
    }

    @Test func jobSizeLimitIsCheckedLocallyAndByTheServer() async throws {
        try await withBeanstalkd { server in
            let connection = try await server.connect()
            #expect(connection.maxJobSize == 65535)
            _ = try await connection.put(ByteBuffer(repeating: 0x41, count: 65535))
            await expectError(.jobTooBigLocally) { try await connection.put(ByteBuffer(repeating: 0x41, count: 65536)) }
            let unchecked = try await server.connect(BeanstalkConfiguration(checksJobSize: false))
            #expect(unchecked.maxJobSize == nil)
            await expectError(.jobTooBig) { try await unchecked.put(ByteBuffer(repeating: 0x41, count: 65536)) }
            // JOB_TOO_BIG leaves the connection in step.
            _ = try await unchecked.put("still usable")
            #expect(unchecked.isActive)
        }
        try await withBeanstalkd(maxJobSize: 10) { server in
            let connection = try await server.connect()
            #expect(connection.maxJobSize == 10)
            _ = try await connection.put(ByteBuffer(repeating: 0x41, count: 10))
            await expectError(.jobTooBigLocally) { try await connection.put(ByteBuffer(repeating: 0x41, count: 11)) }
        }
    }

    @Test func tubesUseWatchIgnoreAndListing() async throws {
        try await withBeanstalkd { server in
            let connection = try await server.connect()
            let longest = try TubeName(String(repeating: "t", count: 200))
            try await connection.use(longest)
            #expect(try await connection.listTubeUsed() == longest)
            #expect(try await connection.watch(longest) == 2)
            #expect(try await connection.ignore(.default) == 1)
            #expect(try await connection.listTubesWatched() == [longest])
            await expectError(.notIgnored) { try await connection.ignore(longest) }
            // Ignoring a tube that is not watched is a no-op.
            #expect(try await connection.ignore(try TubeName("never-watched")) == 1)
            _ = try await connection.put("x")
            #expect(try await connection.listTubes().contains(longest.rawValue))
            let stats = try #require(try await connection.statsTube(longest))
            #expect(stats.name == longest.rawValue && stats.currentJobsReady == 1 && stats.currentWatching == 1)
            #expect(try await connection.statsTube(try TubeName("no-such-tube")) == nil)
        }
    }

    @Test func peekKickBuryReleaseTouchAndJobStats() async throws {
        try await withBeanstalkd { server in
            let connection = try await server.connect()
            let tube = try TubeName("work")
            try await connection.use(tube)
            try await connection.watch(tube)
            let delayed = try await connection.put("later", delay: .seconds(60))
            let ready = try await connection.put("now", priority: 5, ttr: .seconds(30))
            #expect(try await connection.peekReady()?.id == ready)
            #expect(try await connection.peekDelayed()?.id == delayed)
            #expect(try await connection.peekBuried() == nil)
            #expect(try await connection.peek(ready)?.body == ByteBuffer(string: "now"))
            #expect(try await connection.peek(JobID(999_999)) == nil)

            let job = try #require(try await connection.reserve(timeout: .zero))
            #expect(job.id == ready)
            try await connection.touch(job.id)
            try await connection.release(job.id, priority: 7, delay: .zero)
            let again = try #require(try await connection.reserve(timeout: .zero))
            try await connection.bury(again.id, priority: 9)
            let stats = try #require(try await connection.statsJob(again.id))
            #expect(stats.state == .buried && stats.priority == 9 && stats.releases == 1 && stats.buries == 1 && stats.ttr == 30)
            #expect(try await connection.peekBuried()?.id == ready)
            #expect(try await connection.kick(bound: 10) == 1)
            #expect(try await connection.statsJob(ready)?.state == .ready)
            // With nothing buried, kick moves delayed jobs.
            #expect(try await connection.kick(bound: 10) == 1)
            #expect(try await connection.kickJob(delayed) == false)
            #expect(try await connection.statsJob(JobID(999_999)) == nil)
            await expectError(.notFound) { try await connection.touch(ready) }
            await expectError(.notFound) { try await connection.release(ready) }
            await expectError(.notFound) { try await connection.bury(ready) }
        }
    }

    @Test func reserveJobAndKickJob() async throws {
        try await withBeanstalkd { server in
            let connection = try await server.connect()
            let id = try await connection.put("specific", delay: .seconds(60))
            #expect(try await connection.kickJob(id))
            let job = try #require(try await connection.reserveJob(id))
            #expect(job.id == id)
            #expect(try await connection.reserveJob(id) == nil)
            try await connection.delete(id)
        }
    }

    @Test func serverStatsPauseTubeAndTTRZero() async throws {
        try await withBeanstalkd { server in
            let connection = try await server.connect()
            let stats = try await connection.stats()
            #expect(stats.version.hasPrefix("1."))
            #expect(stats.currentConnections >= 1)
            #expect(stats.binlogCurrentIndex == 0)
            await expectError(.invalidArgument) { try await connection.put("x", ttr: .zero) }
            await expectError(.notFound) { try await connection.pauseTube(try TubeName("missing"), delay: .seconds(1)) }
            try await connection.pauseTube(.default, delay: .seconds(30))
            #expect(try await connection.statsTube(.default)?.pause == 30)
        }
    }

    @Test func quitEndsTheConnection() async throws {
        try await withBeanstalkd { server in
            let connection = try await server.connect()
            await connection.quit()
            #expect(!connection.isActive)
            await expectError(.connectionClosed) { try await connection.put("after quit") }
        }
    }

    @Test func unixSocketEndpoint() async throws {
        try await withBeanstalkd(unixSocket: true) { server in
            let connection = try await server.connect()
            let id = try await connection.put("over a unix socket")
            #expect(try await connection.peek(id) != nil)
        }
    }

    @Test func connectionRefusedIsAClearError() async throws {
        let server = try await BeanstalkdServer.start()
        let port = server.port
        try await server.kill()
        do {
            _ = try await BeanstalkConnection.connect(to: .tcp(host: "127.0.0.1", port: port))
            Issue.record("connected to a closed port")
        } catch {
            #expect(error.code == .connectionFailed)
            #expect(error.message == "cannot reach beanstalkd at 127.0.0.1:\(port) (connection refused)")
        }
    }
}
