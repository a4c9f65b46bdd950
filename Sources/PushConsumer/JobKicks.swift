import Beanstalk

/// How often an operator kicked a job (beanstalkd's `kicks`), asked on a connection of its own.
///
/// Asked only for a job whose notification is past its lifetime, to tell one that an operator
/// kicked after an outage (delivered late, as asked) from one that just ran out of time (buried).
struct JobKicks: Sendable {
    let endpoint: BeanstalkEndpoint

    /// The number of times `job` was kicked; 0 when it no longer exists.
    func count(of job: JobID) async throws -> UInt64 {
        let connection = try await BeanstalkConnection.connect(to: endpoint)
        do {
            let stats = try await connection.statsJob(job)
            await connection.close()
            return stats?.kicks ?? 0
        } catch {
            await connection.close()
            throw error
        }
    }
}
