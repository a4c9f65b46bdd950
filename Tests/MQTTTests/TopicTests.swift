import MQTT
import Testing

/// §4.7 Topic names and topic filters.
@Suite("MQTT topics")
struct TopicTests {
    @Test("valid topic names", arguments: [
        "a", "/", "a/b/c", "howalarming/site1/p1/state", "$SYS/broker/uptime", "a//b", " spaced ", "Accentué/€", "/leading",
    ])
    func validName(text: String) throws {
        #expect(try TopicName(text).rawValue == text)
    }

    @Test("invalid topic names", arguments: ["", "a/+", "+", "a/#", "#", "a+b", "a#", "a\u{0}b"])
    func invalidName(text: String) {
        #expect { try TopicName(text) } throws: { ($0 as? MQTTError)?.code == .invalidTopicName }
    }

    @Test func topicNamesAreAtMost65535Bytes() throws {
        #expect(throws: Never.self) { try TopicName(String(repeating: "é", count: 32_767) + "a") }
        #expect { try TopicName(String(repeating: "é", count: 32_768)) } throws: {
            ($0 as? MQTTError)?.message.contains("65,535") == true
        }
    }

    @Test("valid topic filters", arguments: [
        "#", "+", "+/+", "/+", "a/#", "a/+/c", "+/tennis/#", "sport/tennis/player1", "a//#", "$SYS/#", "/",
    ])
    func validFilter(text: String) throws {
        #expect(try TopicFilter(text).rawValue == text)
    }

    /// [MQTT-4.7.1-2]: # alone and last; [MQTT-4.7.1-3]: + a whole level; not empty [MQTT-4.7.3-1].
    @Test("invalid topic filters", arguments: ["", "a/#/b", "#/a", "a#", "a/b#", "a+", "a/+b", "+a/b", "##", "a/\u{0}"])
    func invalidFilter(text: String) {
        #expect { try TopicFilter(text) } throws: { ($0 as? MQTTError)?.code == .invalidTopicFilter }
    }

    /// §4.7.1 and §4.7.2's examples, and the reference's subscriptions.
    static let matching: [(String, String, Bool)] = [
        ("sport/tennis/player1/#", "sport/tennis/player1", true),
        ("sport/tennis/player1/#", "sport/tennis/player1/ranking", true),
        ("sport/tennis/player1/#", "sport/tennis/player1/score/wimbledon", true),
        ("sport/tennis/player1/#", "sport/tennis/player2", false),
        ("sport/#", "sport", true),
        ("sport/tennis/+", "sport/tennis/player1", true),
        ("sport/tennis/+", "sport/tennis/player1/ranking", false),
        ("sport/+", "sport", false),
        ("sport/+", "sport/", true),
        ("+/+", "/finance", true),
        ("/+", "/finance", true),
        ("+", "/finance", false),
        ("+", "finance", true),
        ("#", "a/b/c", true),
        ("#", "/", true),
        ("a/b", "a/b", true),
        ("a/b", "a/b/c", false),
        ("a/b/c", "a/b", false),
        ("a/b", "A/b", false),
        ("a//b", "a//b", true),
        ("a/+/b", "a//b", true),
        ("howalarming/site1/+/set", "howalarming/site1/p1/set", true),
        ("howalarming/site1/+/set", "howalarming/site2/p1/set", false),
        ("homeassistant/+/howalarming_site1/+/config", "homeassistant/binary_sensor/howalarming_site1/z007/config", true),
        // [MQTT-4.7.2-1]: $ topics are not matched by a leading wildcard, only by a literal first level.
        ("#", "$SYS/broker/uptime", false),
        ("+/monitor/Clients", "$SYS/monitor/Clients", false),
        ("$SYS/#", "$SYS/broker/uptime", true),
        ("$SYS/monitor/+", "$SYS/monitor/Clients", true),
        ("a/#", "a/$b", true),
        // Byte by byte: a precomposed é (C3 A9) is not e + U+0301, and /  + U+0301 is still a separator.
        ("caf\u{E9}/x", "cafe\u{301}/x", false),
        ("a/+", "a/\u{301}", true),
        ("+/b", "\u{301}/b", true),
    ]

    @Test("matching", arguments: matching)
    func matches(filterText: String, topicText: String, expected: Bool) throws {
        #expect(try TopicFilter(filterText).matches(TopicName(topicText)) == expected)
    }

    @Test func namesAndFiltersCompareByteByByte() throws {
        #expect(try TopicName("caf\u{E9}") != TopicName("cafe\u{301}"))
        #expect(try Set([TopicName("caf\u{E9}"), TopicName("cafe\u{301}")]).count == 2)
        #expect(try TopicFilter("caf\u{E9}/#") != TopicFilter("cafe\u{301}/#"))
        #expect(try TopicName("a/b") == TopicName("a/b"))
    }
}
