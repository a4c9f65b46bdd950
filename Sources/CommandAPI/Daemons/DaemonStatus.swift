/// Whether a watched daemon runs, as `GET /v1/status` and the stream show it.
struct DaemonStatus: Encodable, Sendable, Hashable {
    enum State: String, Encodable, Sendable {
        /// Something watches its tube.
        case running
        /// Nothing watches its tube: the daemon is stopped, or has lost beanstalkd.
        case stopped
        /// Not known: beanstalkd did not answer, or no check has run yet.
        case unknown
    }

    let name: String
    let tube: String
    let state: State
    /// When the state was first seen, in Unix seconds.
    let since: Int64
}
