/// Starts a real `beanstalkd` (see ``BeanstalkdServer/start(binlogDirectory:maxJobSize:unixSocket:extraArguments:)``),
/// runs `body` with it, and kills the server afterwards, whether `body` returns or throws.
public func withBeanstalkd<Result>(
    binlogDirectory: String? = nil,
    maxJobSize: Int? = nil,
    unixSocket: Bool = false,
    extraArguments: [String] = [],
    isolation: isolated (any Actor)? = #isolation,
    _ body: (BeanstalkdServer) async throws -> Result
) async throws -> Result {
    let server = try await BeanstalkdServer.start(
        binlogDirectory: binlogDirectory, maxJobSize: maxJobSize, unixSocket: unixSocket, extraArguments: extraArguments
    )
    do {
        let result = try await body(server)
        try await server.kill()
        return result
    } catch {
        try? await server.kill()
        throw error
    }
}

/// Runs `body` with a real `beanstalkd` that keeps its binlog in a fresh temporary directory,
/// so ``BeanstalkdServer/restart()`` keeps the jobs; kills the server and removes the directory afterwards.
public func withBinloggedBeanstalkd<Result>(
    maxJobSize: Int? = nil,
    extraArguments: [String] = [],
    isolation: isolated (any Actor)? = #isolation,
    _ body: (BeanstalkdServer) async throws -> Result
) async throws -> Result {
    try await withTemporaryDirectory(prefix: "beanstalkd-binlog") { directory in
        try await withBeanstalkd(binlogDirectory: directory.path, maxJobSize: maxJobSize, extraArguments: extraArguments, body)
    }
}
