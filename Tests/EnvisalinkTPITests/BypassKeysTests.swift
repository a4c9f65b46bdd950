import EnvisalinkTPI
import Testing

@Suite("Bypass keys: the *1 menu's toggles, cut into key strings")
struct BypassKeysTests {
    @Test func onlyZonesNotYetAsAskedToggle() {
        #expect(BypassKeys.toggles(of: [5, 6, 9], bypass: true, bypassedNow: [6, 12]) == [5, 9])
        #expect(BypassKeys.toggles(of: [5, 6, 9], bypass: false, bypassedNow: [6, 12]) == [6])
        #expect(BypassKeys.toggles(of: [6], bypass: true, bypassedNow: [6]).isEmpty)
    }

    @Test("key strings of at most 6 keys", arguments: [
        ([Int](), ["*1#"]),
        ([5], ["*105#"]),
        ([5, 16], ["*10516", "#"]),
        ([5, 16, 64], ["*10516", "64#"]),
        ([1, 2, 3, 4, 5], ["*10102", "030405", "#"]),
    ])
    func keyStrings(zones: [Int], keys: [String]) throws {
        let commands = BypassKeys.commands(partition: 2, toggling: zones)
        #expect(commands == keys.map { .keyString(partition: 2, keys: $0) })
        for command in commands {
            #expect(try command.frame().code == "071")
        }
    }

    @Test("*1 alone for a panel that wants a code", arguments: [
        ([Int](), ["*1", "#"]),
        ([5, 16], ["*1", "0516#"]),
        ([1, 2, 3, 4, 5], ["*1", "010203", "0405#"]),
    ])
    func theMenuKeysAlone(zones: [Int], keys: [String]) {
        #expect(BypassKeys.commands(partition: 1, toggling: zones, menuAlone: true) == keys.map { .keyString(partition: 1, keys: $0) })
    }
}
