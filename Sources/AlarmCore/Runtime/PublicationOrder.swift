/// Runs an actor's publications one after the other, in the order they were asked for.
///
/// An actor is reentrant: at each `await` (stamping a sequence number, a put on beanstalkd)
/// another call may run, so an event stamped first could reach the tubes after one stamped later.
/// Each publication queued here waits for the one before it.
struct PublicationOrder {
    private var last: Task<Void, Never>?

    /// Starts `publication` once the one queued before it has finished; returns its task.
    mutating func enqueue<Result: Sendable>(
        _ publication: @escaping @Sendable () async throws -> Result
    ) -> Task<Result, any Error> {
        let before = last
        let turn = Task {
            await before?.value
            return try await publication()
        }
        last = Task { _ = try? await turn.value }
        return turn
    }
}
