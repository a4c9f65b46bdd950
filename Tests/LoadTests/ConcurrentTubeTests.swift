import Beanstalk
import NIOCore
import TestSupport
import Testing

/// Many callers putting at once on one connection, each into its own tubes: every job must land
/// in exactly the tubes its caller named, whatever the others do with the connection meanwhile.
@Suite("Tubes of concurrent puts on one connection")
struct ConcurrentTubeTests {
    /// The tube sets of the deployed producers (events, commands, registrations, a command's
    /// response) and some that overlap them; each publisher's jobs carry its index.
    private static let publishers: [[String]] = [
        ["push", "log", "command", "cli"],
        ["commands"],
        ["push-registrations"],
        ["response", "log"],
        ["push", "log", "command", "cli"],
        ["commands"],
        ["push-registrations"],
        ["cli"],
    ]

    @Test func concurrentFanOutsLandEachJobInExactlyItsOwnTubes() async throws {
        let rounds = 1_000
        let publishers = try Self.publishers.map { try $0.map(TubeName.init) }
        try await withBeanstalkd { server in
            let connection = try await server.connect()
            try await withThrowingTaskGroup(of: Void.self) { group in
                for (index, tubes) in publishers.enumerated() {
                    group.addTask {
                        for _ in 0..<rounds {
                            _ = try await connection.put(ByteBuffer(string: "\(index)"), inEach: tubes)
                        }
                    }
                }
                try await group.waitForAll()
            }
            for tube in Set(publishers.joined()).sorted() {
                let owners = try await publisherIndices(in: tube, server: server)
                let strays = owners.filter { !publishers[$0].contains(tube) }
                #expect(strays.isEmpty, "\(strays.count) jobs of other publishers landed in \(tube)")
                let expected = publishers.filter { $0.contains(tube) }.count * rounds
                #expect(owners.count == expected, "\(tube) holds \(owners.count) jobs, expected \(expected)")
            }
        }
    }

    @Test func aFanOutDoesNotMoveTheTubeOfLaterPuts() async throws {
        try await withBeanstalkd { server in
            let connection = try await server.connect()
            let chosen = try TubeName("chosen")
            try await connection.use(chosen)
            _ = try await connection.put(ByteBuffer(string: "copy"), inEach: try ["a", "b"].map(TubeName.init))
            let id = try await connection.put("into the chosen tube")
            #expect(try await connection.statsJob(id)?.tube == chosen.rawValue)
            #expect(try await connection.listTubeUsed() == chosen)
        }
    }

    /// Reserves every job ready in `tube` and returns the publisher index each body names.
    private func publisherIndices(in tube: TubeName, server: BeanstalkdServer) async throws -> [Int] {
        let reader = try await server.connect()
        try await reader.watch(tube)
        if tube != .default { try await reader.ignore(.default) }
        var indices: [Int] = []
        while let job = try await reader.reserve(timeout: .zero) {
            indices.append(try #require(Int(String(buffer: job.body))))
        }
        await reader.close()
        return indices
    }
}
