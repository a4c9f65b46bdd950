import AlarmCore
import Foundation
import Testing

/// The JSON Schemas in docs/schema must describe exactly what the encoders write.
struct SchemaAgreementTests {
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // AlarmCoreTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()

    static func jsonObject(_ data: Data) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    static func schema(_ name: String) throws -> [String: Any] {
        try jsonObject(Data(contentsOf: repositoryRoot.appendingPathComponent("docs/schema/\(name)")))
    }

    static func properties(of schema: [String: Any]) throws -> [String: [String: Any]] {
        try #require(schema["properties"] as? [String: [String: Any]])
    }

    static func keys(of bytes: [UInt8]) throws -> Set<String> {
        Set(try jsonObject(Data(bytes)).keys)
    }

    static let fullEvent = AlarmEventJSONTests.fullEvent
    static let fullSimpleCommand = AlarmCommand.simple(
        .disarm, message: "Disarm", partition: 1, id: UUID(), source: "test", timestamp: 1, accessCode: Secret("1234"))
    static let zonesBypassCommand = AlarmCommand.simple(.bypass, partition: 1, zones: [5, 6])
    static let profileBypassCommand = AlarmCommand.simple(.unbypass, profile: "night")
    static let fullRawCommand = AlarmCommand(
        action: .raw(code: "040", data: "1"), message: "Disarm", partition: 1, id: UUID(), source: "test", timestamp: 1)

    @Test(arguments: ["event.schema.json", "command.schema.json"])
    func schemaIsDraft2020WithIDTitlesAndOpenProperties(_ name: String) throws {
        let schema = try Self.schema(name)
        #expect(schema["$schema"] as? String == "https://json-schema.org/draft/2020-12/schema")
        #expect((schema["$id"] as? String)?.isEmpty == false)
        #expect(schema["title"] is String)
        #expect(schema["description"] is String)
        #expect(schema["additionalProperties"] as? Bool == true)
        for (name, property) in try Self.properties(of: schema) {
            #expect(property["title"] is String, "\(name) has no title")
            #expect(property["description"] is String, "\(name) has no description")
        }
    }

    @Test func eventTypeEnumMatchesEventType() throws {
        let type = try #require(try Self.properties(of: Self.schema("event.schema.json"))["type"])
        #expect(type["enum"] as? [String] == EventType.allCases.map(\.rawValue))
    }

    @Test func eventRequiredFieldsAreWhatAMinimalEventWrites() throws {
        let required = try #require(try Self.schema("event.schema.json")["required"] as? [String])
        #expect(required == ["type", "code", "message", "raw", "timestamp"])
        #expect(try Self.keys(of: AlarmEvent(type: .info, code: "1", timestamp: 1).jsonBytes()) == Set(required))
    }

    @Test func eventPropertiesAreWhatAFullEventWritesWithMatchingJSONTypes() throws {
        let properties = try Self.properties(of: Self.schema("event.schema.json"))
        let written = try Self.jsonObject(Data(Self.fullEvent.jsonBytes()))
        #expect(Set(written.keys) == Set(properties.keys))
        try Self.expectKinds(of: written, match: properties)
    }

    @Test func rangesMatchFormatLimits() throws {
        let event = try Self.properties(of: Self.schema("event.schema.json"))
        let command = try Self.properties(of: Self.schema("command.schema.json"))
        let expectations: [([String: Any]?, ClosedRange<Int>)] = [
            (event["partition"], FormatLimits.partitions),
            (event["zone"], FormatLimits.zones),
            (event["user"], FormatLimits.users),
            (command["partition"], FormatLimits.partitions),
            (command["zones"]?["items"] as? [String: Any], FormatLimits.bypassZones),
        ]
        for (property, range) in expectations {
            #expect(property?["minimum"] as? Int == range.lowerBound)
            #expect(property?["maximum"] as? Int == range.upperBound)
        }
        #expect(command["data"]?["maxLength"] as? Int == FormatLimits.rawCommandDataMaxLength)
    }

    @Test func commandSimpleNamesMatchSimpleCommand() throws {
        let definitions = try #require(try Self.schema("command.schema.json")["$defs"] as? [String: [String: Any]])
        #expect(definitions["simpleCommand"]?["enum"] as? [String] == SimpleCommand.allCases.map(\.rawValue))
        #expect(definitions["rawPanelCode"]?["pattern"] as? String == "^[0-9]{3}$")
    }

    @Test func commandPropertiesAreWhatFullCommandsWriteWithMatchingJSONTypes() throws {
        let schema = try Self.schema("command.schema.json")
        let properties = try Self.properties(of: schema)
        let simple = try Self.jsonObject(Data(Self.fullSimpleCommand.jsonBytes()))
        let raw = try Self.jsonObject(Data(Self.fullRawCommand.jsonBytes()))
        let zones = try Self.jsonObject(Data(Self.zonesBypassCommand.jsonBytes()))
        let profile = try Self.jsonObject(Data(Self.profileBypassCommand.jsonBytes()))
        #expect(Set(simple.keys).union(raw.keys).union(zones.keys).union(profile.keys) == Set(properties.keys))
        for written in [simple, raw, zones, profile] {
            try Self.expectKinds(of: written, match: properties)
        }

        let required = try #require(schema["required"] as? [String])
        #expect(try Self.keys(of: AlarmCommand.simple(.status).jsonBytes()) == Set(required))
        #expect(properties["type"]?["const"] as? String == "command")
    }

    /// Checks each written value's JSON kind against its schema property's `type`.
    static func expectKinds(of written: [String: Any], match properties: [String: [String: Any]]) throws {
        for (key, value) in written {
            let property = try #require(properties[key], "\(key) is written but not in the schema")
            switch property["type"] as? String {
            case "string": #expect(value is String, "\(key) should be a string")
            case "integer": #expect(value is NSNumber, "\(key) should be an integer")
            case "array": #expect(value is [NSNumber], "\(key) should be an array of integers")
            case nil: #expect(property["const"] != nil || property["anyOf"] != nil, "\(key) has no type")
            default: Issue.record("\(key): unexpected schema type \(property["type"] ?? "")")
            }
        }
    }
}
