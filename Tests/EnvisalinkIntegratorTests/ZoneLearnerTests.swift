import AlarmCore
import EnvisalinkIntegrator
import EnvisalinkTPI
import Testing

@Suite("Zone learning: what the panel's messages tell")
struct ZoneLearnerTests {
    private func learnt(_ lines: [String]) throws -> ZoneLearner {
        var learner = ZoneLearner()
        for line in lines {
            let frame = try TPIFrame(code: String(line.prefix(3)), data: String(line.dropFirst(3)))
            learner.observe(PanelMessage.decode(frame))
        }
        return learner
    }

    @Test func zonesComeFromOpeningsClosingsAlarmsTimersAndBypasses() throws {
        let learner = try learnt([
            "609005", "610005", "6011012", "6042013",
            // Zone timers: zone 1 open, zone 3 closed a while ago, zone 2 never or long ago.
            "615" + "FFFF" + "0000" + "1200" + String(repeating: "0000", count: 61),
            // Bypassed: zone 20 (byte 2, bit 3).
            "616" + "0000080000000000",
            "6050" + "30", "8320" + "31",
        ])
        #expect(learner.zones.keys.sorted() == [1, 3, 5, 12, 13, 20, 30, 31])
        #expect(learner.zones[5] == ZoneLearner.Zone(sightings: 2, partitions: [], open: false))
        #expect(learner.zones[1]?.open == true && learner.zones[3]?.open == false)
        #expect(learner.zones[12]?.partitions == [1] && learner.zones[13]?.partitions == [2])
        #expect(learner.partitions == [1: false, 2: false])
    }

    @Test func aPartitionOnlyEverBusyIsToldApart() throws {
        let learner = try learnt(["6501", "6732", "6733", "6523" + "0", "7504" + "0040"])
        #expect(learner.partitions == [1: false, 2: true, 3: false, 4: false])
        #expect(ZoneProposal(learner: learner, configured: ([:], [:]), period: "1 s").partitionCount == 4)
        let busyOnly = try learnt(["6501", "6732"])
        #expect(ZoneProposal(learner: busyOnly, configured: ([:], [:]), period: "1 s").partitionCount == 1)
    }

    @Test func nothingElseCounts() throws {
        let learner = try learnt(["500000", "510" + "01", "550" + "1200112726", "849" + "01", "999"])
        #expect(learner.zones.isEmpty && learner.partitions.isEmpty)
    }

    @Test func theProposalKeepsConfiguredNamesAndMarksTheRest() throws {
        let learner = try learnt(["6501", "6502", "609001", "610001", "6012009", "610002"])
        let proposal = ZoneProposal(
            learner: learner,
            configured: ([1: "Front door", 7: #"Kid's "den""#], [1: .door, 7: .motion]),
            period: "10 min from 2026-11-27T01:00:00Z")
        #expect(proposal.yaml == """
            # Seen by `howalarming-envisalink learn` over 10 min from 2026-11-27T01:00:00Z.
            # Name each zone (and give its type for Home Assistant: door, window, motion, smoke, …),
            # then put these keys under `envisalinkd:` in the configuration. A zone that did nothing
            # while learning is not listed: open and close it, or learn for longer.
            partitions: 2
            zones:
              "001": {name: "Front door", type: door}  # seen 2 times
              "002": {name: "Zone 002"}  # seen once; new
              "009": {name: "Zone 009"}  # partition 2; seen once; new
            # Configured but not seen while learning:
            #  "007": {name: "Kid's \\"den\\"", type: motion}

            """)
    }

    @Test func theProposalLoadsAsTheConfigurationItProposes() throws {
        let learner = try learnt(["609003", "6012004", "616" + "8000000000000000"])
        let proposal = ZoneProposal(learner: learner, configured: ([3: "Naïve: \"quoted\" # not a comment"], [:]), period: "1 s")
        let indented = proposal.yaml.split(separator: "\n").map { "  " + $0 }.joined(separator: "\n")
        let configuration = try HowAlarmingConfig.parse(yaml: "envisalinkd:\n" + indented, path: nil, environment: [:])
        #expect(configuration.envisalink?.zones == [3: "Naïve: \"quoted\" # not a comment", 4: "Zone 004", 8: "Zone 008"])
        #expect(configuration.envisalink?.partitions == 2)
    }
}
