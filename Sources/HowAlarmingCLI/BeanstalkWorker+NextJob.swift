import Beanstalk

extension BeanstalkWorker {
    /// The next job from the watched tubes, however long it takes: waits through quiet
    /// periods and reconnects after beanstalkd restarts. Cancellation ends the wait.
    func nextJob() async throws -> ReservedJob {
        while true {
            if let job = try await reserve(timeout: .seconds(60)) { return job }
        }
    }
}
