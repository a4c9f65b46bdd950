import Beanstalk

/// What one check saw of an event tube's consumer.
struct TubeObservation: Sendable, Hashable {
    var tube: TubeName
    /// Connections watching the tube (`stats-tube` current-watching; 0 for a tube beanstalkd does not have).
    var watchers: UInt64
    /// Jobs ready to be reserved (`stats-tube` current-jobs-ready).
    var readyJobs: UInt64
    /// Seconds since the ready job a consumer would get next was put (`peek-ready`, then
    /// `stats-job` age); `nil` when none is ready.
    var nextReadyAge: UInt64?
}
