import AlarmCore
import Foundation
import PushDelivery
import TestSupport
import Testing

@testable import PushConsumer

/// The provider faults told are kept across restarts, and a file that cannot be read is no
/// reason not to start.
@Suite struct ProviderFaultFileTests {
    @Test func faultsBegunAndEndedAreWhatTheNextProcessReads() throws {
        let directory = try TemporaryDirectory()
        let path = ProviderFaultFile.path(besideDatabase: directory.appending("push.sqlite"))
        #expect(path == directory.appending("push.sqlite.faults"))
        let logs = RecordedLogs()
        let first = ProviderFaultFile(path: path, logger: logs.logger)
        #expect(first.current.isEmpty)
        first.began(.apns, reason: "InvalidProviderToken")
        first.began(.webPush, reason: "HTTP 403")
        first.ended(.webPush)
        #expect(ProviderFaultFile(path: path, logger: logs.logger).current == [.apns: "InvalidProviderToken"])
        first.ended(.apns)
        #expect(ProviderFaultFile(path: path, logger: logs.logger).current.isEmpty)
        #expect(logs.entries.isEmpty)
    }

    @Test func anUnreadableFileIsLoggedAndReadAsNoFault() throws {
        let directory = try TemporaryDirectory()
        let path = directory.appending("push.sqlite.faults")
        try "not json".write(toFile: path, atomically: true, encoding: .utf8)
        let logs = RecordedLogs()
        #expect(ProviderFaultFile(path: path, logger: logs.logger).current.isEmpty)
        #expect(logs.text.contains("the provider faults file cannot be read"))
        #expect(ProviderFaultFile.decode(Data(#"{"apns":"BadTopic","pigeon":"lost"}"#.utf8)) == [.apns: "BadTopic"])
    }
}
