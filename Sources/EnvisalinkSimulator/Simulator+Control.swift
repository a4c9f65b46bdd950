import EnvisalinkTPI
import Logging

/// The control interface: what operators and tests do to the simulated EVL and panel.
extension Simulator {
    /// Runs one control line (see ``SimulatorServer`` for the commands) and returns its
    /// one-line reply, starting `ok` or `error`.
    public func control(_ line: String) -> String {
        let command: ControlCommand
        do {
            command = try ControlCommand(parsing: line)
        } catch {
            return "error \(error.message)"
        }
        return run(command)
    }

    private func run(_ command: ControlCommand) -> String {
        switch command {
        case .open(let zone), .close(let zone), .alarm(let zone):
            guard panel.zones[zone] != nil else {
                return "error no zone \(zone): the panel has zones \(Self.list(panel.zones.keys.sorted()))"
            }
            return changeZone(command, zone)
        case .trouble(let trouble, let on):
            apply(panel.setTrouble(trouble, on: on))
            return "ok \(trouble.rawValue) trouble \(on ? "on" : "off")"
        case .send(let frame):
            if let refusal = sendRefusal { return refusal }
            write(frame)
            return "ok sent \(frame.redacted)"
        case .sendBadChecksum(let frame):
            if let refusal = sendRefusal { return refusal }
            let body = frame.wireBytes.dropLast(4)
            let wrong = TPIFrame.hex(TPIFrame.checksum(of: body) &+ 1)
            logger.debug("sent with a bad checksum", metadata: ["frame": "\(frame.redacted)"])
            write(bytes: Array(body) + Array(wrong.utf8) + [0x0D, 0x0A])
            return "ok sent \(frame.redacted) with checksum \(wrong) instead of \(frame.checksum)"
        case .split:
            splitNext = true
            return "ok the next frame goes out in two writes"
        case .drop:
            guard connection != nil else { return "error no client is connected" }
            logger.notice("dropping the client connection (control)")
            endConnection()
            return "ok dropped the client"
        case .stall(let on):
            stalled = on
            if !on, let current = connection, current.session.state == .awaitingPassword {
                startTimer(.login(connection: current.id), after: configuration.loginTimeout)
            }
            return "ok stall \(on ? "on" : "off")"
        case .intercept(let code, let action):
            interception = (code, action)
            return switch action {
            case .dropAfter: "ok the next \(code) is carried out, then the client is dropped unanswered"
            case .hold: "ok the next \(code) waits for release"
            case .fail(let error): "ok the next \(code) is answered 502\(error.tpiData)"
            }
        case .release:
            return releaseHeld()
        case .clock(let time):
            let moment = Moment.now()
            if let time {
                // A reading the calendar cannot place was refused when parsed.
                try? panel.setClock(to: time, at: moment)
            }
            return "ok clock \(panel.panelTime(at: moment)); time broadcast \(panel.timeBroadcast ? "on" : "off")"
        case .status:
            return "ok " + statusLine
        case .help:
            return "ok " + ControlCommand.summary
        }
    }

    private var sendRefusal: String? {
        if connection == nil { return "error no client is connected" }
        if stalled { return "error stalled: nothing is sent until stall off" }
        return nil
    }

    private func changeZone(_ command: ControlCommand, _ zone: Int) -> String {
        let wasOpen = panel.zones[zone]?.isOpen == true
        switch command {
        case .open:
            apply(panel.openZone(zone))
            return wasOpen ? "ok zone \(zone) is already open" : "ok zone \(zone) open"
        case .close:
            apply(panel.closeZone(zone, at: .now()))
            return wasOpen ? "ok zone \(zone) closed" : "ok zone \(zone) is already closed"
        default:
            guard let effects = panel.alarmZone(zone) else { return "error zone \(zone) is not armed" }
            apply(effects)
            return "ok zone \(zone) in alarm"
        }
    }

    /// The whole simulator on one line.
    private var statusLine: String {
        let partitions = panel.partitions.keys.sorted().map { "partition \($0) \(describe(partition: $0))" }
        let open = panel.zones.values.filter(\.isOpen).map(\.definition.number).sorted()
        let bypassed = panel.zones.values.filter(\.isBypassed).map(\.definition.number).sorted()
        let client = switch connection?.session.state {
        case nil, .closed: "none"
        case .awaitingPassword: "logging in"
        case .loggedIn: "logged in"
        }
        return (partitions + [
            "zones open: \(Self.list(open))",
            "bypassed: \(Self.list(bypassed))",
            "troubles: \(Self.list(panel.troubles.map(\.rawValue).sorted()))",
            "code wanted: \(panel.codeRequest.map { "partition \($0.partition)" } ?? "no")",
            "client: \(client)",
            "timestamps: \(panel.timestamps ? "on" : "off")",
            "stall: \(stalled ? "on" : "off")",
        ]).joined(separator: "; ")
    }

    private func describe(partition: Int) -> String {
        switch panel.partitions[partition] ?? .disarmed {
        case .disarmed: "disarmed, \(panel.isReady(partition) ? "ready" : "not ready")"
        case .exitDelay(let mode, _): "exit delay (\(mode))"
        case .armed(let mode): "armed \(mode)"
        case .entryDelay(let mode, let zone): "entry delay (\(mode), zone \(zone))"
        case .alarm(let mode): "in alarm (\(mode))"
        }
    }

    private static func list(_ items: [some CustomStringConvertible]) -> String {
        items.isEmpty ? "none" : items.map(\.description).joined(separator: ",")
    }
}
