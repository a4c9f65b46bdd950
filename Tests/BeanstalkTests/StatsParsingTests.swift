@testable import Beanstalk
import NIOCore
import Testing

@Suite("Stats parsing")
struct StatsParsingTests {
    /// As beanstalkd 1.12 writes it: strings unquoted, `#` in `os`, an all-digit id.
    static let serverStats112 = """
        ---
        current-jobs-urgent: 0
        current-jobs-ready: 3
        current-jobs-reserved: 1
        current-jobs-delayed: 0
        current-jobs-buried: 2
        cmd-put: 7
        job-timeouts: 1
        total-jobs: 7
        max-job-size: 65535
        current-tubes: 2
        current-connections: 1
        current-producers: 0
        current-workers: 0
        current-waiting: 0
        total-connections: 5
        pid: 4242
        version: "1.12"
        rusage-utime: 0.012345
        rusage-stime: 1.500000
        uptime: 99
        binlog-oldest-index: 1
        binlog-current-index: 1
        binlog-records-migrated: 0
        binlog-records-written: 7
        binlog-max-size: 10485760
        draining: false
        id: 1234567890123456
        hostname: alarm-pi
        os: #1 SMP PREEMPT_DYNAMIC Debian 6.1.0
        platform: x86_64

        """

    /// As beanstalkd 1.13 writes it: strings quoted, a colon inside `os`.
    static let serverStats113 = """
        ---
        current-jobs-ready: 0
        max-job-size: 1024
        version: "1.13"
        draining: true
        id: "0a1b2c3d4e5f6a7b"
        hostname: "alarm-pi"
        os: "Darwin Kernel Version 23.0.0: Fri Sep 15"
        platform: "arm64"
        future-key: "kept"

        """

    @Test func parses112UnquotedValues() throws {
        let stats = try ServerStats(StatsDocument(parsing: Self.serverStats112))
        #expect(stats.currentJobsReady == 3)
        #expect(stats.currentJobsBuried == 2)
        #expect(stats.maxJobSize == 65535)
        #expect(stats.version == "1.12")
        #expect(stats.id == "1234567890123456")
        #expect(stats.os == "#1 SMP PREEMPT_DYNAMIC Debian 6.1.0")
        #expect(stats.rusageSystemTime == 1.5)
        #expect(stats.binlogCurrentIndex == 1)
        #expect(!stats.draining)
        #expect(stats.document["cmd-put"] == "7")
    }

    @Test func parses113QuotedValuesAndKeepsUnknownKeys() throws {
        let stats = try ServerStats(StatsDocument(parsing: Self.serverStats113))
        #expect(stats.id == "0a1b2c3d4e5f6a7b")
        #expect(stats.os == "Darwin Kernel Version 23.0.0: Fri Sep 15")
        #expect(stats.draining)
        #expect(stats.maxJobSize == 1024)
        #expect(stats.document["future-key"] == "kept")
    }

    @Test func tubeNamedLikeANumberStaysAString() throws {
        let tube = try TubeStats(StatsDocument(parsing: """
            ---
            name: 1.5
            current-jobs-ready: 4
            pause: 0
            pause-time-left: 0

            """))
        #expect(tube.name == "1.5")
        #expect(tube.currentJobsReady == 4)
    }

    @Test func jobTimeLeftIsSigned() throws {
        let job = try JobStats(StatsDocument(parsing: """
            ---
            id: 18446744073709551615
            tube: "default"
            state: reserved
            pri: 1024
            age: 13
            delay: 0
            ttr: 1
            time-left: -12
            file: 0
            reserves: 1
            timeouts: 0
            releases: 2
            buries: 0
            kicks: 0

            """))
        #expect(job.id == JobID(.max))
        #expect(job.state == .reserved)
        #expect(job.timeLeft == -12)
        #expect(job.releases == 2)
        #expect(job.tube == "default")
    }

    @Test func listsAndMalformedLines() throws {
        let names = try StatsDocument.list(parsing: .init(string: "---\n- default\n- \"quoted\"\n- 1.5\n"))
        #expect(names == ["default", "quoted", "1.5"])
        #expect(throws: BeanstalkError.self) { try StatsDocument(parsing: "---\nno separator here\n") }
        #expect(throws: BeanstalkError.self) { try ServerStats(StatsDocument(parsing: "---\nmax-job-size: big\n")) }
    }
}
