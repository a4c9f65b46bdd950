import Hummingbird

/// `GET /v1/status` and `GET /v1/events`: what the consumed events say.
struct HistoryHandler: Sendable {
    let store: EventStore
    let daemons: DaemonBoard

    /// The current state, the last event and the daemons.
    func status(_ request: Request, context: APIRequestContext) async throws -> Response {
        let (state, last) = try await store.stateAndLastEvent()
        return JSONResponse.make(StatusDocument(state: state, lastEvent: last, daemons: await daemons.current()))
    }

    /// A page of the history; see ``EventsQuery``.
    func events(_ request: Request, context: APIRequestContext) async throws -> Response {
        let query = try EventsQuery { request.uri.queryParameters.get($0) }
        let page: EventsPage
        if let after = query.after {
            let events = try await store.events(after: after, limit: query.limit + 1)
            let shown = events.prefix(query.limit)
            page = EventsPage(
                events: shown.map(StoredEventDocument.init), nextAfter: shown.last?.cursor ?? after,
                hasMore: events.count > query.limit)
        } else {
            let events = try await store.latest(limit: query.limit)
            page = EventsPage(events: events.map(StoredEventDocument.init), nextAfter: events.last?.cursor ?? 0, hasMore: false)
        }
        return JSONResponse.make(page)
    }
}
