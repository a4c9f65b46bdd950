import AlarmCore
import Beanstalk
import Foundation
import Testing

/// What a script consumer's program finds in its environment.
@Suite struct ScriptEnvironmentTests {
    let environment = ScriptEnvironment(
        inherited: ["PATH": "/usr/bin", "NTFY_TOKEN": "kept", "HOWALARMING_EVENT_ZONE": "stale", "HOWALARMING_EVENT_X": "stale"],
        tube: try! TubeName("scripts"), maximumAttempts: 7, buryExitCode: 42, configPath: "/etc/howalarming/config.yaml")

    @Test func everyFieldOfAFullEventBecomesAVariable() {
        let id = UUID(uuidString: "8C4E7D2A-1F0B-4A8E-9C3D-5B6A7E8F9012")!
        let command = UUID(uuidString: "0F1E2D3C-4B5A-4968-8776-A5B4C3D2E1F0")!
        let event = AlarmEvent(
            type: .alarm, code: "601", message: "Zone alarm", raw: "6011001", timestamp: 1_700_000_000, id: id,
            source: "howalarming-envisalink", sequence: 4711, partition: 1, zone: 1, zoneName: "Front door", user: 40,
            userName: "Anna", commandID: command, commandSource: "howalarming-command:anna")
        let variables = environment.variables(for: event, jobID: JobID(12), attempt: 3)
        let expected = [
            "HOWALARMING_EVENT_TYPE": "alarm", "HOWALARMING_EVENT_CODE": "601", "HOWALARMING_EVENT_MESSAGE": "Zone alarm",
            "HOWALARMING_EVENT_RAW": "6011001", "HOWALARMING_EVENT_TIMESTAMP": "1700000000",
            "HOWALARMING_EVENT_ID": "8c4e7d2a-1f0b-4a8e-9c3d-5b6a7e8f9012", "HOWALARMING_EVENT_SOURCE": "howalarming-envisalink",
            "HOWALARMING_EVENT_SEQUENCE": "4711", "HOWALARMING_EVENT_PARTITION": "1", "HOWALARMING_EVENT_ZONE": "1",
            "HOWALARMING_EVENT_ZONE_NAME": "Front door", "HOWALARMING_EVENT_USER": "40",
            "HOWALARMING_EVENT_USER_NAME": "Anna", "HOWALARMING_EVENT_COMMAND_ID": "0f1e2d3c-4b5a-4968-8776-a5b4c3d2e1f0",
            "HOWALARMING_EVENT_COMMAND_SOURCE": "howalarming-command:anna",
            "HOWALARMING_JOB_ID": "12", "HOWALARMING_ATTEMPT": "3", "HOWALARMING_TUBE": "scripts",
            "HOWALARMING_MAX_ATTEMPTS": "7", "HOWALARMING_BURY_EXIT_CODE": "42",
            "HOWALARMING_CONFIG": "/etc/howalarming/config.yaml", "PATH": "/usr/bin", "NTFY_TOKEN": "kept",
        ]
        #expect(variables == expected)
    }

    @Test func absentFieldsAreUnsetEvenWhenInherited() {
        let event = AlarmEvent(type: .info, code: "609", timestamp: 1)
        let variables = environment.variables(for: event, jobID: JobID(1), attempt: 1)
        let eventVariables = variables.filter { $0.key.hasPrefix(ScriptEnvironment.eventPrefix) }
        #expect(eventVariables == [
            "HOWALARMING_EVENT_TYPE": "info", "HOWALARMING_EVENT_CODE": "609", "HOWALARMING_EVENT_MESSAGE": "",
            "HOWALARMING_EVENT_RAW": "", "HOWALARMING_EVENT_TIMESTAMP": "1",
        ])
    }

    @Test func withoutAConfigurationFileThereIsNoConfigVariable() {
        let bare = ScriptEnvironment(inherited: [:], tube: try! TubeName("t"), maximumAttempts: 1, buryExitCode: 99, configPath: nil)
        let variables = bare.variables(for: AlarmEvent(type: .info, code: "1", timestamp: 1), jobID: JobID(1), attempt: 1)
        #expect(variables["HOWALARMING_CONFIG"] == nil)
        #expect(variables["HOWALARMING_BURY_EXIT_CODE"] == "99")
    }

    @Test func nulCharactersAreLeftOut() {
        let event = AlarmEvent(type: .info, code: "609", message: "a\u{0}b", timestamp: 1)
        #expect(environment.variables(for: event, jobID: JobID(1), attempt: 1)["HOWALARMING_EVENT_MESSAGE"] == "ab")
    }
}
