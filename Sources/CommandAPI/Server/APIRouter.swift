import AlarmCore
import Hummingbird
import Logging

/// Builds the HTTP API's router: the endpoints, authentication and JSON errors.
enum APIRouter {
    /// What the handlers use.
    struct Dependencies: Sendable {
        let store: EventStore
        let tokens: TokenStore
        let audit: CommandAudit
        let producer: QueueProducer
        let throttle: AuthThrottle
        let trustedProxies: [IPNetwork]
        let metrics: CommandMetrics
        let commandTubes: [TubeName]
        let registrationTube: TubeName
        let bodyLimit: Int
        let hub: StreamHub
        let reports: PushReportStore
        let acknowledgements: AcknowledgementStore
        let escalations: EscalationStore
        /// Rung after an acknowledgement, so that escalation stops at once.
        let escalationWake: EscalationWake
        let daemons: DaemonBoard
        /// `beanstalkd.consumerEventTubes` and `beanstalkd.tubes.taps`: where acknowledgements are announced.
        let eventTubes: [TubeName]
        let taps: [TubeName]
        /// How long `POST /v1/alarms/{event_id}/ack` waits for an unknown token's delivery report.
        var ackTokenWait = Duration.seconds(5)
    }

    /// Every endpoint, with its handler.
    static func endpoints(_ dependencies: Dependencies) -> [APIEndpoint] {
        let health = HealthHandler(producer: dependencies.producer)
        let metrics = MetricsHandler(metrics: dependencies.metrics)
        let history = HistoryHandler(store: dependencies.store, daemons: dependencies.daemons)
        let commands = CommandHandler(
            producer: dependencies.producer, commandTubes: dependencies.commandTubes, audit: dependencies.audit,
            metrics: dependencies.metrics, bodyLimit: dependencies.bodyLimit)
        let devices = DeviceHandler(
            producer: dependencies.producer, registrationTube: dependencies.registrationTube,
            metrics: dependencies.metrics, bodyLimit: dependencies.bodyLimit)
        let deliveries = DeliveriesHandler(
            events: dependencies.store, reports: dependencies.reports, acknowledgements: dependencies.acknowledgements,
            escalations: dependencies.escalations)
        let recorder = AcknowledgementRecorder(
            acknowledgements: dependencies.acknowledgements, producer: dependencies.producer,
            eventTubes: dependencies.eventTubes, taps: dependencies.taps, escalationWake: dependencies.escalationWake)
        let acknowledge = AcknowledgeHandler(acknowledgements: dependencies.acknowledgements, recorder: recorder)
        let alarmAck = AlarmAckHandler(
            acknowledgements: dependencies.acknowledgements, reports: dependencies.reports,
            escalations: dependencies.escalations, recorder: recorder, auth: authentication(dependencies), bodyLimit: dependencies.bodyLimit, tokenWait: dependencies.ackTokenWait)
        let stream = StreamHandler(
            store: dependencies.store, tokens: dependencies.tokens, hub: dependencies.hub, daemons: dependencies.daemons)
        return ConsoleHandler(files: ConsoleFiles()).endpoints() + [
            APIEndpoint(.get, "/healthz", authenticated: false, health.handle),
            APIEndpoint(.get, "/metrics", metrics.handle),
            APIEndpoint(.get, "/v1/status", history.status),
            APIEndpoint(.get, "/v1/events", history.events),
            APIEndpoint(.get, "/v1/whoami", WhoAmIHandler().handle),
            APIEndpoint(.get, "/v1/stream", stream.handle),
            APIEndpoint(.post, "/v1/events/{cursor}/acknowledge", acknowledge.byCursor),
            APIEndpoint(.post, "/v1/events/by-id/{event_id}/acknowledge", acknowledge.byID),
            // Authenticates itself: an acknowledgement token from a notification, or a control token.
            APIEndpoint(.post, "/v1/alarms/{event_id}/ack", authenticated: false, alarmAck.handle),
            APIEndpoint(.get, "/v1/deliveries", deliveries.deliveries),
            APIEndpoint(.get, "/v1/devices", deliveries.devices),
            APIEndpoint(.post, "/v1/commands", commands.handle),
            APIEndpoint(.post, "/v1/devices", devices.register),
            APIEndpoint(.patch, "/v1/devices/{device}", devices.rename),
            APIEndpoint(.delete, "/v1/devices/{device}", devices.unregister),
        ]
    }

    /// The bearer token authentication of the API.
    private static func authentication(_ dependencies: Dependencies) -> AuthMiddleware {
        AuthMiddleware(
            tokens: dependencies.tokens, throttle: dependencies.throttle,
            addresses: ClientAddressResolver(trustedProxies: dependencies.trustedProxies), metrics: dependencies.metrics)
    }

    /// The router: the browser security headers on every response, request logging (debug, no
    /// headers), HTTP metrics, JSON errors for everything, then the endpoints, all but `/healthz`
    /// and the console's files behind ``AuthMiddleware``.
    static func router(_ dependencies: Dependencies) -> Router<APIRequestContext> {
        let endpoints = endpoints(dependencies)
        let router = Router(context: APIRequestContext.self)
        router.add(middleware: SecurityHeadersMiddleware())
        router.add(middleware: LogRequestsMiddleware(.debug))
        router.add(middleware: MetricsMiddleware())
        router.add(middleware: ErrorMiddleware(endpoints: endpoints))
        let authenticated = router.group().add(middleware: authentication(dependencies))
        for endpoint in endpoints {
            let routes: any RouterMethods<APIRequestContext> = endpoint.authenticated ? authenticated : router
            routes.on(RouterPath(endpoint.path), method: endpoint.method, use: endpoint.handler)
        }
        return router
    }
}
