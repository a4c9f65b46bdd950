import AlarmCore
import EnvisalinkTPI
import TPIProxy
import TestSupport
import Testing

/// The TPI proxy's client session under hostile input: the TPI fuzzer's lines as a client's,
/// interleaved with the panel's answers, code requests, panel frames and the link going down.
/// 20,000 inputs here; ``ProxySessionFuzzSoakTests`` (`make soak`) tries a million.
@Suite("TPI proxy session fuzzing")
struct ProxySessionFuzzTests {
    @Test func theSessionKeepsItsPromisesUnderHostileInput() {
        var harness = ProxySessionFuzzHarness(seed: 0x5052_4F58_59)
        harness.run(inputs: 20_000)
        print("TPI proxy session fuzz: \(harness.tally)")
        #expect(harness.tally.answered > 0 && harness.tally.forwarded > 0 && harness.tally.refused > 0 && harness.tally.sessions > 1)
    }
}

/// A million proxy session fuzz inputs with another seed; run by `make soak`.
@Suite("TPI proxy session fuzzing soak", .soak)
struct ProxySessionFuzzSoakTests {
    @Test func aMillionHostileInputs() {
        var harness = ProxySessionFuzzHarness(seed: 0x534F_414B_50)
        harness.run(inputs: 1_000_000)
        print("TPI proxy session fuzz soak: \(harness.tally)")
        #expect(harness.tally.inputs == 1_000_000)
    }
}

/// Drives ``ProxySession``s with fuzz input and checks, after every step, what a client may rely on:
/// the session sends only the EVL's own frames and the panel's, never echoes a client's data; a
/// logged-in client's frame gets exactly one answer or goes to the panel; a `read` client's
/// commands never go to the panel; one command at a time is in flight.
struct ProxySessionFuzzHarness {
    struct Tally: CustomStringConvertible {
        var inputs = 0, sessions = 0, answered = 0, forwarded = 0, refused = 0, panelEvents = 0
        var description: String {
            "\(inputs) inputs, \(sessions) sessions, \(answered) answered by the proxy, \(forwarded) to the panel, "
                + "\(refused) refused, \(panelEvents) panel events"
        }
    }

    static let clients = [
        TPIProxyClientConfig(name: "control", password: Secret("ctl123"), permission: .control),
        TPIProxyClientConfig(name: "reader", password: Secret("rdr456")),
    ]
    static let panelFrames = ["609001", "610001", "6501", "65210", "6551", "51081", "8401", "84902"].map {
        try! TPIFrame(code: String($0.prefix(3)), data: String($0.dropFirst(3)))
    }
    static let codeRequest = try! TPIFrame(code: "900", data: "")

    private var random: SeededGenerator
    private(set) var tally = Tally()
    private var session = ProxySession(partitionCount: 2)
    private var inFlight = false
    private var now = ContinuousClock.now

    init(seed: UInt64) {
        random = SeededGenerator(seed: seed)
    }

    mutating func run(inputs: Int) {
        for _ in 0..<inputs {
            tally.inputs += 1
            now += .milliseconds(Int.random(in: 0...3_000, using: &random))
            switch Int.random(in: 0..<20, using: &random) {
            case 0:
                check(session.commandFinished(randomResult()), after: "an answer", expectOne: false)
                inFlight = false
            case 1: check(session.codeRequested(Self.codeRequest, now: now), after: "a code request", expectOne: false)
            case 2:
                tally.panelEvents += 1
                check(session.panelSent(Self.panelFrames.randomElement(using: &random)!), after: "a panel frame", expectOne: false)
            case 3 where Int.random(in: 0..<20, using: &random) == 0:
                check(session.end(reason: "fuzz"), after: "the end", expectOne: false)
                newSession()
            case 4 where !session.isLoggedIn:
                logIn()
            default:
                clientLine()
            }
            if session.state == .closed { newSession() }
        }
    }

    private mutating func newSession() {
        session = ProxySession(partitionCount: 2)
        inFlight = false
        tally.sessions += 1
    }

    private mutating func logIn() {
        let client = Self.clients.randomElement(using: &random)!
        let line = TPIClientLine(line: Array(Self.wire("005" + client.password.value).utf8))!
        check(session.received(line, now: now, clients: Self.clients) { _ in true }, after: "a login", expectOne: false)
    }

    private mutating func clientLine() {
        var bytes = TPIFuzzInput.make(TPIFuzzInput.Kind.allCases.randomElement(using: &random)!, using: &random)
        if Int.random(in: 0..<3, using: &random) == 0 {
            // A valid command too: polls, arming, codes, raw codes.
            let commands = ["000", "001", "008", "0551", "0301", "0311", "0401123456", "0601", "200123456", "0101230112526", "0711*1#"]
            bytes = Array(Self.wire(commands.randomElement(using: &random)!).utf8)
        }
        for piece in bytes.split(separator: 0x0A, omittingEmptySubsequences: false) {
            var line = Array(piece)
            if line.last == 0x0D { line.removeLast() }
            let input: TPIClientLine? = line.count > 254 ? .overflow : TPIClientLine(line: line)
            guard let input else { continue }
            let wasLoggedIn = session.isLoggedIn
            let admit = Bool.random(using: &random)
            check(session.received(input, now: now, clients: Self.clients) { _ in admit }, after: "a client line", expectOne: wasLoggedIn)
        }
    }

    private mutating func check(_ actions: [ProxySession.Action], after what: String, expectOne: Bool) {
        var answers = 0
        for action in actions {
            switch action {
            case let .send(frame):
                let allowed = ["500", "501", "502", "505"].contains(frame.code) || Self.panelFrames.contains(frame)
                    || frame == Self.codeRequest
                if !allowed { Issue.record("after \(what) the session sent \(frame), which is neither the EVL's nor the panel's") }
                if ["500", "501", "502"].contains(frame.code) { answers += 1 }
            case let .forward(frame):
                answers += 1
                tally.forwarded += 1
                if inFlight { Issue.record("after \(what) a second command went to the panel before the first was answered") }
                inFlight = true
                if session.client?.permission == .read, !(session.client?.allowedRawCodes.contains(frame.code) ?? false) {
                    Issue.record("a read client's \(frame.code) went to the panel")
                }
            case .refuse:
                tally.refused += 1
            case .sendStatusReport, .sendZoneTimers, .countFailedLogin, .close:
                break
            }
        }
        if expectOne {
            tally.answered += answers
            if answers != 1 { Issue.record("after \(what) the client got \(answers) answers: \(actions)") }
        }
    }

    private mutating func randomResult() -> CommandResult {
        switch Int.random(in: 0..<4, using: &random) {
        case 0: .accepted
        case 1: .failed(.panelError(SystemError(code: Int.random(in: 0...30, using: &random))))
        case 2: .failed(.rejected("fuzz"))
        default: .failed(.unacknowledged("fuzz"))
        }
    }

    private static func wire(_ text: String) -> String {
        text + TPIFrame.hex(TPIFrame.checksum(of: text.utf8))
    }
}
