import AlarmCore
import EnvisalinkTPI
import TestSupport
import NIOCore
import Testing
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Drives the integrator's TPI stack as its channel does — bytes in arbitrary chunks into
/// ``TPILineDecoder``, each line into ``TPISessionStateMachine`` and each frame through
/// ``PanelEventMapper`` — and checks, input by input, what must hold whatever the panel sends.
///
/// After every input it sends a marker frame on a line of its own: the decoder must hand that
/// frame over last, so garbage of any kind and length never costs more than its own line.
struct TPIFuzzHarness {
    /// What the run went through, printed at the end.
    struct Tally: CustomStringConvertible {
        var inputs = 0
        var bytes = 0
        var frames = 0
        var invalidLines = 0
        var events = 0
        var logins = 0
        var commandsFinished = 0

        var description: String {
            "\(inputs) inputs, \(bytes) bytes: \(frames) valid frames, \(invalidLines) invalid lines, "
                + "\(events) events, \(logins) logins, \(commandsFinished) commands finished"
        }
    }

    static let marker = try! TPIFrame(code: "609", data: "128")
    private static let login = try! TPIFrame(code: "005", data: "fuzz")
    private static let loginSequence = ["5053CD", "5000052A", "5051CB"].map { Array($0.utf8) + [0x0D, 0x0A] }

    private(set) var tally = Tally()
    private var random: SeededGenerator
    private var decoder = TPILineDecoder()
    private var buffer = ByteBufferAllocator().buffer(capacity: 4096)
    private var session = TPISessionStateMachine(configuration: TPISessionConfiguration(), login: Self.login)
    private let mapper = PanelEventMapper(zoneNames: [1: "Front door"])
    private var now = ContinuousClock.now
    private var armedTimers: Set<TPISessionStateMachine.Timer> = []
    /// Commands submitted and not yet finished, by id.
    private var outstanding: Set<UUID> = []
    /// The frames the session may legitimately send: the login, poll, status request, and what was submitted.
    private var sendable: Set<TPIFrame> = [Self.login, try! TPIFrame(code: "000"), try! TPIFrame(code: "001")]
    private var linesThisInput: [TPILine] = []

    init(seed: UInt64) {
        random = SeededGenerator(seed: seed)
        apply(session.connected())
    }

    /// Generates `count` inputs and pushes each through the stack, followed by the marker.
    mutating func run(inputs count: Int) {
        for index in 0..<count {
            let kind = TPIFuzzInput.Kind.allCases[index % TPIFuzzInput.Kind.allCases.count]
            let input = TPIFuzzInput.make(kind, using: &random)
            linesThisInput.removeAll(keepingCapacity: true)
            feed(input + [0x0D, 0x0A] + Self.marker.wireBytes)
            guard case .frame(Self.marker) = linesThisInput.last else {
                Issue.record("input \(index) (\(kind)): the marker after it was not decoded last; got \(linesThisInput.suffix(2))")
                return
            }
            tally.inputs += 1
            stirSession()
        }
    }

    /// Writes `bytes` in random chunks (1 byte to 4 KiB), decoding after each like a channel read.
    private mutating func feed(_ bytes: [UInt8]) {
        tally.bytes += bytes.count
        var rest = bytes[...]
        while !rest.isEmpty {
            let size = Bool.random(using: &random) ? Int.random(in: 1...8, using: &random) : Int.random(in: 1...4096, using: &random)
            buffer.writeBytes(rest.prefix(size))
            rest = rest.dropFirst(size)
            do {
                while let line = try decoder.decode(buffer: &buffer) { handle(line) }
            } catch {
                Issue.record("the decoder threw \(error)")
            }
            if buffer.readableBytes >= TPILineDecoder.maximumLineLength {
                Issue.record("the decoder keeps \(buffer.readableBytes) bytes, over the \(TPILineDecoder.maximumLineLength)-byte line limit")
            }
            buffer.discardReadBytes()
        }
    }

    private mutating func handle(_ line: TPILine) {
        linesThisInput.append(line)
        switch line {
        case let .frame(frame):
            tally.frames += 1
            let message = PanelMessage.decode(frame)
            let event = mapper.event(for: message, frame: frame, timestamp: 0)
                ?? mapper.sessionEvent(for: message, frame: frame, timestamp: 0, commandID: nil)
            if let event {
                tally.events += 1
                do { try event.validate() } catch { Issue.record("frame \(frame) mapped to an invalid event: \(error)") }
            }
        case let .invalid(problem):
            tally.invalidLines += 1
            #expect(problem.excerpt.count <= 32)
        }
        apply(session.received(line, now: now))
    }

    /// Between inputs: time passes, and at random the link logs in, a command is queued, a timer
    /// fires (also one that is no longer set, as a racing driver might) or the link drops.
    private mutating func stirSession() {
        now += .milliseconds(Int.random(in: 0...2_000, using: &random))
        switch Int.random(in: 0..<16, using: &random) {
        case 0...2:
            for line in Self.loginSequence { apply(session.received(TPILine.parse(line.dropLast(2)), now: now)) }
        case 3...5:
            let ticket = CommandTicket(frame: try! TPIFrame(code: "040", data: "1\(Int.random(in: 1000...9999, using: &random))"), id: UUID())
            outstanding.insert(ticket.id!)
            sendable.insert(ticket.frame)
            apply(session.submit(ticket, now: now))
        case 6...8:
            if let timer = armedTimers.randomElement(using: &random) {
                armedTimers.remove(timer)
                apply(session.timerFired(timer, now: now))
            }
        case 9:
            let timer: TPISessionStateMachine.Timer = [.login, .acknowledgement, .retry, .poll].randomElement(using: &random)!
            apply(session.timerFired(timer, now: now))
        case 10:
            disconnect(reason: "fuzz: link dropped")
        default:
            break
        }
    }

    /// Carries out the session's actions as the integrator does, checking each.
    private mutating func apply(_ actions: [TPISessionStateMachine.Action]) {
        var closing: String?
        for action in actions {
            switch action {
            case let .send(frame):
                if !sendable.contains(frame) { Issue.record("the session sent a frame nobody asked for: \(frame)") }
            case let .startTimer(timer, _):
                armedTimers.insert(timer)
            case let .cancelTimer(timer):
                armedTimers.remove(timer)
            case let .report(report):
                record(report)
            case let .close(reason):
                closing = reason
            }
        }
        if let closing { disconnect(reason: closing) }
    }

    private mutating func record(_ report: TPISessionStateMachine.Report) {
        switch report {
        case .loggedIn:
            tally.logins += 1
        case let .commandFinished(ticket, _):
            tally.commandsFinished += 1
            if let id = ticket.id, outstanding.remove(id) == nil {
                Issue.record("command \(id) finished twice, or was never submitted")
            }
        default:
            break
        }
    }

    private mutating func disconnect(reason: String) {
        apply(session.disconnected(reason: reason))
        if !outstanding.isEmpty { Issue.record("\(outstanding.count) commands never finished after the link dropped") }
        armedTimers.removeAll()
        apply(session.connected())
    }
}
