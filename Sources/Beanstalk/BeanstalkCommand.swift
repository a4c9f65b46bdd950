import NIOCore

/// One beanstalkd command, as written on the wire.
enum BeanstalkCommand: Sendable {
    case put(priority: UInt32, delay: UInt32, ttr: UInt32, body: ByteBuffer)
    case use(TubeName)
    case reserve
    case reserveWithTimeout(seconds: UInt32)
    case reserveJob(JobID)
    case delete(JobID)
    case release(JobID, priority: UInt32, delay: UInt32)
    case bury(JobID, priority: UInt32)
    case touch(JobID)
    case watch(TubeName)
    case ignore(TubeName)
    case peek(JobID)
    case peekReady
    case peekDelayed
    case peekBuried
    case kick(bound: UInt32)
    case kickJob(JobID)
    case statsJob(JobID)
    case statsTube(TubeName)
    case stats
    case listTubes
    case listTubeUsed
    case listTubesWatched
    case pauseTube(TubeName, delay: UInt32)
    case quit

    /// The command's verb, for logs and errors.
    var verb: String {
        switch self {
        case .put: "put"
        case .use: "use"
        case .reserve: "reserve"
        case .reserveWithTimeout: "reserve-with-timeout"
        case .reserveJob: "reserve-job"
        case .delete: "delete"
        case .release: "release"
        case .bury: "bury"
        case .touch: "touch"
        case .watch: "watch"
        case .ignore: "ignore"
        case .peek: "peek"
        case .peekReady: "peek-ready"
        case .peekDelayed: "peek-delayed"
        case .peekBuried: "peek-buried"
        case .kick: "kick"
        case .kickJob: "kick-job"
        case .statsJob: "stats-job"
        case .statsTube: "stats-tube"
        case .stats: "stats"
        case .listTubes: "list-tubes"
        case .listTubeUsed: "list-tube-used"
        case .listTubesWatched: "list-tubes-watched"
        case .pauseTube: "pause-tube"
        case .quit: "quit"
        }
    }

    /// The verb, and for `use` its tube: what logs and errors name (never a job body).
    var summary: String {
        if case let .use(tube) = self { return "use \(tube)" }
        return verb
    }

    /// Writes the whole command, body included, into `buffer`.
    func encode(into buffer: inout ByteBuffer) {
        buffer.writeString(verb)
        switch self {
        case let .put(priority, delay, ttr, body):
            buffer.writeDecimals(UInt64(priority), UInt64(delay), UInt64(ttr), UInt64(body.readableBytes))
            buffer.writeCRLF()
            var body = body
            buffer.writeBuffer(&body)
        case let .use(tube), let .watch(tube), let .ignore(tube), let .statsTube(tube):
            buffer.writeSpace()
            buffer.writeString(tube.rawValue)
        case let .reserveWithTimeout(seconds):
            buffer.writeDecimals(UInt64(seconds))
        case let .reserveJob(id), let .delete(id), let .touch(id), let .peek(id), let .kickJob(id), let .statsJob(id):
            buffer.writeDecimals(id.rawValue)
        case let .release(id, priority, delay):
            buffer.writeDecimals(id.rawValue, UInt64(priority), UInt64(delay))
        case let .bury(id, priority):
            buffer.writeDecimals(id.rawValue, UInt64(priority))
        case let .kick(bound):
            buffer.writeDecimals(UInt64(bound))
        case let .pauseTube(tube, delay):
            buffer.writeSpace()
            buffer.writeString(tube.rawValue)
            buffer.writeDecimals(UInt64(delay))
        case .reserve, .peekReady, .peekDelayed, .peekBuried, .stats, .listTubes, .listTubeUsed,
             .listTubesWatched, .quit:
            break
        }
        buffer.writeCRLF()
    }

    /// The number of bytes ``encode(into:)`` will write, give or take the digits.
    var estimatedSize: Int {
        if case let .put(_, _, _, body) = self { return 48 + body.readableBytes }
        return 48 + TubeName.maximumLength
    }

    /// The most bytes a `use` takes on the wire.
    static let useSize = 6 + TubeName.maximumLength

    /// Whether this command acts on the tube the connection uses (a put goes into it; peeks and
    /// kick look at it): such a command must follow the `use` of its own tube.
    var actsOnUsedTube: Bool {
        switch self {
        case .put, .peekReady, .peekDelayed, .peekBuried, .kick, .listTubeUsed: true
        default: false
        }
    }

    /// Whether this command waits for a job to become ready (`reserve`, `reserve-with-timeout`).
    var waitsForJob: Bool {
        switch self {
        case .reserve, .reserveWithTimeout: true
        default: false
        }
    }

    /// Whether `reply` is one this command can get; anything else means the stream is out of step.
    ///
    /// A `use` accepts only `USING` with its own tube: after anything else the client no longer
    /// knows which tube the server uses, so the next put could land in the wrong one.
    func accepts(_ reply: BeanstalkReply) -> Bool {
        if case let .use(tube) = self { return reply == .using(tube.rawValue) }
        if reply.generalError != nil { return true }
        switch (self, reply) {
        case (.put, .inserted), (.put, .buried(.some)), (.put, .expectedCRLF), (.put, .jobTooBig), (.put, .draining):
            return true
        case (.listTubeUsed, .using):
            return true
        case (.reserve, .reserved), (.reserve, .deadlineSoon), (.reserve, .timedOut),
             (.reserveWithTimeout, .reserved), (.reserveWithTimeout, .deadlineSoon), (.reserveWithTimeout, .timedOut),
             (.reserveJob, .reserved), (.reserveJob, .notFound):
            return true
        case (.delete, .deleted), (.delete, .notFound),
             (.release, .released), (.release, .buried(.none)), (.release, .notFound),
             (.bury, .buried(.none)), (.bury, .notFound),
             (.touch, .touched), (.touch, .notFound):
            return true
        case (.watch, .watching), (.ignore, .watching), (.ignore, .notIgnored):
            return true
        case (.peek, .found), (.peek, .notFound), (.peekReady, .found), (.peekReady, .notFound),
             (.peekDelayed, .found), (.peekDelayed, .notFound), (.peekBuried, .found), (.peekBuried, .notFound):
            return true
        case (.kick, .kicked(.some)), (.kickJob, .kicked(.none)), (.kickJob, .notFound):
            return true
        case (.statsJob, .ok), (.statsJob, .notFound), (.statsTube, .ok), (.statsTube, .notFound), (.stats, .ok),
             (.listTubes, .ok), (.listTubesWatched, .ok):
            return true
        case (.pauseTube, .paused), (.pauseTube, .notFound):
            return true
        default:
            return false
        }
    }
}

extension ByteBuffer {
    mutating func writeCRLF() {
        writeInteger(UInt16(0x0D0A))
    }

    mutating func writeSpace() {
        writeInteger(UInt8(ascii: " "))
    }

    /// Writes each value as ` <decimal>`, without going through `String`.
    mutating func writeDecimals(_ values: UInt64...) {
        for value in values {
            writeSpace()
            writeDecimal(value)
        }
    }

    mutating func writeDecimal(_ value: UInt64) {
        var digits: (UInt64, Int) = (1, 1)
        while value / digits.0 >= 10 {
            digits.0 *= 10
            digits.1 += 1
        }
        var remaining = value
        var divisor = digits.0
        for _ in 0..<digits.1 {
            writeInteger(UInt8(ascii: "0") + UInt8(remaining / divisor))
            remaining %= divisor
            divisor /= 10
        }
    }
}
