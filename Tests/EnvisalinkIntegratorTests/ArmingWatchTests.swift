@testable import EnvisalinkIntegrator
import EnvisalinkTPI
import Foundation
import Testing

/// The arm commands watched until their partition is armed, and why one failed.
@Suite struct ArmingWatchTests {
    let start = ContinuousClock.now
    let id = UUID(uuidString: "6f1c5a2e-0000-4000-8000-0000000000a1")!

    private func arming(partition: Int = 1, after seconds: Int64 = 125) -> ArmingWatch.Arming {
        ArmingWatch.Arming(commandID: id, partition: partition, action: "Arm away", deadline: start + .seconds(seconds))
    }

    private func names(_ zone: Int) -> String { [1: "Front door", 3: "Garage"][zone] ?? "zone \(zone)" }

    @Test func aRefusedArmingNamesTheOpenZonesThatAreNotBypassed() {
        var watch = ArmingWatch()
        for message: PanelMessage in [.zoneOpen(zone: 3), .zoneOpen(zone: 1), .zoneOpen(zone: 2), .zoneRestored(zone: 2),
                                      .zoneOpen(zone: 5), .bypassedZones([5])] {
            #expect(watch.observe(message) == nil)
        }
        watch.expect(arming())
        let failure = watch.failure(of: id, reason: "not ready to arm (panel error 024)")
        #expect(failure?.openZones == [1, 3])
        #expect(failure?.message(zoneName: names) == "Arm away failed: not ready to arm (panel error 024) — Front door, Garage open")
        #expect(watch.failure(of: id, reason: "again") == nil, "answered once")
    }

    @Test func theZoneTimerDumpSaysWhichZonesAreOpen() {
        var watch = ArmingWatch()
        _ = watch.observe(.zoneOpen(zone: 7))
        _ = watch.observe(.zoneTimerDump([0, 0xFFFF, 0x1234, 0xFFFF]))
        #expect(watch.openZones == [2, 4])
    }

    @Test(arguments: [(PartitionStatus.failureToArm, "the panel failed to arm (672)"), (.armingFailed, "the panel failed to arm (659)"),
                      (.invalidAccessCode, "invalid access code (670)"), (.busy, "partition busy (673)")])
    func aPanelReportOfFailureEndsTheArming(status: PartitionStatus, reason: String) {
        var watch = ArmingWatch()
        watch.expect(arming(partition: 2))
        #expect(watch.observe(.partition(status, partition: 1)) == nil, "another partition")
        let failure = watch.observe(.partition(status, partition: 2))
        #expect(failure?.arming.commandID == id)
        #expect(failure?.message(zoneName: names) == "Arm away failed: \(reason)")
        #expect(watch.nextDeadline == nil)
    }

    @Test func armedOrDisarmedEndsTheWatchWithoutAFailure() {
        var watch = ArmingWatch()
        watch.expect(arming())
        #expect(watch.observe(.partitionArmed(partition: 1, mode: .away)) == nil)
        #expect(watch.expire(now: start + .seconds(500), exitDelay: .seconds(120)).isEmpty)
        watch.expect(arming())
        #expect(watch.observe(.partition(.disarmed, partition: 1)) == nil)
        #expect(watch.observe(.partition(.failureToArm, partition: 1)) == nil, "no arming left to fail")
    }

    @Test func noArmedInTimeIsAFailureAtTheDeadline() {
        var watch = ArmingWatch()
        _ = watch.observe(.zoneOpen(zone: 1))
        watch.expect(arming(after: 125))
        #expect(watch.nextDeadline == start + .seconds(125))
        #expect(watch.expire(now: start + .seconds(124), exitDelay: .seconds(120)).isEmpty)
        let late = watch.expire(now: start + .seconds(125), exitDelay: .seconds(120))
        #expect(late.map { $0.message(zoneName: names) }
            == ["Arm away failed: the partition was not armed within the exit delay (120 s) and a margin — Front door open"])
        #expect(watch.expire(now: start + .seconds(200), exitDelay: .seconds(120)).isEmpty, "reported once")
    }

    @Test func aCommandNotSentIsNoLongerWatched() {
        var watch = ArmingWatch()
        watch.expect(arming())
        #expect(watch.refused(id) == arming())
        #expect(watch.nextDeadline == nil)
    }
}
