import AlarmCore
import EnvisalinkTPI
import Logging
import Synchronization
import TPIProxy
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Wires the TPI proxy to the panel link. Each needs the other (the link reports to the proxy's
/// hub, the hub sends clients' commands on the link), so the proxy is made first, with this as its
/// upstream, and the link attached once it exists.
final class ProxyWiring: ProxyUpstream {
    private let link = Mutex<PanelLink?>(nil)

    /// The proxy service for `configuration`, publishing its audit through `publisher`, and the
    /// observer to give the panel link; call ``attach(_:)`` with the link before running either.
    static func make(
        configuration: TPIProxyConfig, partitionCount: Int, publisher: SpoolingPublisher, logger: Logger
    ) -> (wiring: ProxyWiring, service: TPIProxyService, observer: PanelLink.Observer) {
        let wiring = ProxyWiring()
        let service = TPIProxyService(
            configuration: configuration, partitionCount: partitionCount, upstream: wiring,
            publish: { event in await publisher.publishReportingFailures(event, logger: logger) },
            eventLoop: PanelThread.eventLoop, logger: logger)
        let hub = service.hub
        let observer: PanelLink.Observer = { report in
            switch report {
            case .up: hub.linkUp()
            case .down, .wrongPassword: hub.linkDown()
            case let .message(_, frame): hub.panelSent(frame)
            case let .codeRequested(_, frame, command): return hub.codeRequested(frame, after: command)
            case .problem, .panelError, .panelAnswered: break
            }
            return false
        }
        return (wiring, service, observer)
    }

    /// The link the proxy's commands go on.
    func attach(_ link: PanelLink) {
        self.link.withLock { $0 = link }
    }

    func submit(_ command: TPIFrame, id: UUID, completion: @escaping @Sendable (CommandResult) -> Void) {
        guard let link = link.withLock({ $0 }) else {
            completion(.failed(.linkLost("the panel link is not up")))
            return
        }
        link.submit(command, id: id, completion: completion)
    }
}
