import Foundation
import Glibc
import Synchronization
import Testing
import TestSupport

/// The harness itself: real beanstalkd servers, child processes, the Python peer lookup.
@Suite struct TestSupportTests {
    @Test func tcpServerAcceptsAPut() async throws {
        try await withBeanstalkd { server in
            #expect(server.host == "127.0.0.1")
            #expect(server.port > 0)
            #expect(server.socketPath == nil)
            let client = try RawBeanstalkClient(host: server.host, port: server.port)
            try client.send("put 0 0 60 5\r\nhello\r\n")
            #expect(try client.readLine() == "INSERTED 1")
        }
    }

    @Test func unixSocketServerAcceptsAPut() async throws {
        try await withBeanstalkd(unixSocket: true) { server in
            let path = try #require(server.socketPath)
            #expect(server.port == 0)
            let client = try RawBeanstalkClient(unixSocket: path)
            try client.send("put 0 0 60 2\r\nhi\r\n")
            #expect(try client.readLine() == "INSERTED 1")
            #expect(try client.stats()["pid"] == String(server.pid))
        }
    }

    @Test func restartWithBinlogKeepsAReadyJobOnTheSamePort() async throws {
        try await withBinloggedBeanstalkd { server in
            let (port, firstPID) = (server.port, server.pid)
            #expect(try RawBeanstalkClient(server).command("put 0 0 60 5\r\nhello") == "INSERTED 1")

            try await server.restart()

            #expect(server.port == port)
            #expect(server.pid != firstPID)
            let client = try RawBeanstalkClient(server)
            let peeked = try client.request("peek-ready")
            #expect(peeked.line == "FOUND 1 5")
            #expect(peeked.bodyText == "hello")
            #expect(try client.request("stats-job 1").bodyText?.contains("state: ready") == true)
        }
    }

    @Test func sigusr1PutsTheServerInDrainMode() async throws {
        try await withBeanstalkd { server in
            let client = try RawBeanstalkClient(server)
            server.signal(SIGUSR1)
            // Drain mode starts when beanstalkd handles the signal: wait for it, with a deadline.
            let deadline = ContinuousClock.now + .seconds(5)
            while try client.stats()["draining"] != "true" && ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(10))
            }
            #expect(try client.command("put 0 0 60 1\r\nx") == "DRAINING")
        }
    }

    @Test func maxJobSizeIsPassedToTheServer() async throws {
        try await withBeanstalkd(maxJobSize: 4) { server in
            let client = try RawBeanstalkClient(server)
            #expect(try client.command("put 0 0 60 4\r\nfour") == "INSERTED 1")
            #expect(try client.command("put 0 0 60 5\r\nfive!") == "JOB_TOO_BIG")
        }
    }

    @Test func killStopsTheServer() async throws {
        try await withBeanstalkd { server in
            #expect(server.isRunning)
            let pid = server.pid
            try await server.kill()
            #expect(!server.isRunning)
            // The process is gone (its port may already serve another test's server).
            #expect(Glibc.kill(pid, 0) == -1 && errno == ESRCH)
        }
    }

    @Test func stopEndsTheServerAndRestartBringsItBack() async throws {
        try await withBeanstalkd { server in
            try await server.stop()
            #expect(!server.isRunning)
            try await server.restart()
            #expect(server.isRunning)
            #expect(try RawBeanstalkClient(server).command("put 0 0 60 1\r\nx") == "INSERTED 1")
        }
    }

    @Test func withBeanstalkdKillsTheServerWhenTheBodyThrows() async throws {
        struct Failure: Error {}
        let escaped = Mutex<BeanstalkdServer?>(nil)
        await #expect(throws: Failure.self) {
            try await withBeanstalkd { server in
                escaped.withLock { $0 = server }
                throw Failure()
            }
        }
        let server = try #require(escaped.withLock { $0 })
        #expect(!server.isRunning)
    }

    /// A server's port comes from below the kernel's ephemeral range, where no outgoing
    /// connection of a test running beside it can take the port before the server binds it.
    @Test func freePortsAreDistinctAndNeverEphemeral() throws {
        let range = try String(contentsOfFile: "/proc/sys/net/ipv4/ip_local_port_range", encoding: .utf8)
            .split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
        let ephemeral = try #require(range.first)...(try #require(range.last))
        let ports = try (0..<200).map { _ in try RawHTTP.freePort() }
        #expect(Set(ports).count == ports.count)
        #expect(ports.allSatisfy { !ephemeral.contains($0) }, "\(ports.filter(ephemeral.contains))")
    }

    @Test func aServerThatExitsAtStartReportsItsStderr() async throws {
        let error = await #expect(throws: TestSupportError.self) {
            try await BeanstalkdServer.start(extraArguments: ["-z", "not-a-number"])
        }
        #expect(error?.code == .exitedEarly)
        #expect(error?.message.contains("not-a-number") == true)
    }

    @Test func processRunnerCapturesOutputAndExitStatus() async throws {
        let result = try await ProcessRunner.run(
            "sh", arguments: ["-c", "echo out; echo err >&2; echo \"$GREETING\"; exit 3"], environment: ["GREETING": "hi"]
        )
        #expect(result.status == .exited(3))
        #expect(result.stdout == "out\nhi\n")
        #expect(result.stderr == "err\n")
    }

    @Test func processRunnerMovesLargeInputAndOutputWithoutDeadlock() async throws {
        let input = Data((0..<100_000).map { "line \($0) ünïcödé\n" }.joined().utf8)
        #expect(input.count > 2_000_000)  // far beyond a pipe's 64 KiB buffer
        let result = try await ProcessRunner.run("cat", standardInput: input)
        #expect(result.status.isSuccess)
        #expect(result.standardOutput == input)
    }

    @Test func processRunnerKillsAChildThatOutlivesItsTimeout() async throws {
        let started = ContinuousClock.now
        let error = await #expect(throws: TestSupportError.self) {
            try await ProcessRunner.run("sleep", arguments: ["30"], timeout: .milliseconds(300))
        }
        #expect(error?.code == .timedOut)
        #expect(error?.message.contains("killed by signal \(SIGKILL)") == true)
        #expect(ContinuousClock.now - started < .seconds(10))
    }

    @Test func childProcessLinesSignalsAndExit() async throws {
        let child = try ProcessRunner.start("sh", arguments: ["-c", "echo starting; echo ready; exec sleep 30"])
        #expect(try await child.awaitLine(containing: "ready") == "ready")
        #expect(child.lines == ["starting", "ready"])
        #expect(child.isRunning)
        child.signal(SIGTERM)
        #expect(try await child.waitForExit() == .signaled(SIGTERM))
        #expect(!child.isRunning)
    }

    @Test func releasingARunningChildKillsIt() async throws {
        var child: ChildProcess? = try ProcessRunner.start("sleep", arguments: ["30"])
        let pid = try #require(child?.pid)
        child = nil
        // The reaper thread collects it once SIGKILL lands: wait for that, with a deadline.
        let deadline = ContinuousClock.now + .seconds(5)
        while Glibc.kill(pid, 0) == 0 && ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(10))
        }
        #expect(Glibc.kill(pid, 0) != 0)
    }

    @Test func awaitLineFailsWhenTheChildExitsWithoutPrintingIt() async throws {
        let child = try ProcessRunner.start("sh", arguments: ["-c", "echo nope; echo oops >&2"])
        let error = await #expect(throws: TestSupportError.self) { try await child.awaitLine(containing: "ready") }
        #expect(error?.code == .exitedEarly)
        #expect(error?.message.contains("nope") == true)
    }

    @Test func pythonPeerWithAMissingInterpreterSaysToRunMakeTest() async throws {
        let error = await #expect(throws: TestSupportError.self) {
            try await PythonPeer.find(environment: [PythonPeer.interpreterVariable: "/nonexistent/python3"])
        }
        #expect(error?.code == .notInstalled)
        #expect(error?.message.contains("make test` (or `make python-peer`)") == true)
        #expect(error?.message.contains("\n") == false)
    }

    @Test func aMissingSystemToolNamesTheMakeTargetThatInstallsIt() {
        let error = #expect(throws: TestSupportError.self) {
            try SystemTool.locate("howalarming-no-such-tool", installedBy: "supervisor")
        }
        #expect(error?.code == .notInstalled)
        #expect(error?.message == "howalarming-no-such-tool is not installed: run `make test` (or `make supervisor`)")
    }

    @Test func executablesAreFoundInTheConfiguredDirectoryOrExplained() async throws {
        try await withTemporaryDirectory { directory in
            let tool = directory.appending("howalarming-fake")
            try Data("#!/bin/sh\n".utf8).write(to: URL(fileURLWithPath: tool))
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: tool)
            let environment = [Executables.binDirectoryVariable: directory.path]

            #expect(try Executables.path("howalarming-fake", environment: environment) == tool)
            let error = #expect(throws: TestSupportError.self) { try Executables.path("missing", environment: environment) }
            #expect(error?.message.contains("make test") == true)
            #expect(error?.message.contains(directory.path) == true)
        }
    }

    @Test func theBuiltCLIIsFoundNextToTheTestBinary() throws {
        let path = try Executables.path("howalarming", environment: [:])
        #expect(path.hasSuffix("/howalarming"))
    }

    @Test func temporaryDirectoryIsRemovedAfterItsScope() async throws {
        let path = try await withTemporaryDirectory { directory in
            try Data("x".utf8).write(to: URL(fileURLWithPath: directory.appending("file")))
            return directory.path
        }
        #expect(!FileManager.default.fileExists(atPath: path))
    }
}
