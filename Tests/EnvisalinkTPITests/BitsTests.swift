import AlarmCore
import EnvisalinkTPI
import Testing

@Suite("Panel messages: LED and trouble bits")
struct BitsTests {
    static let ledNames = ["ready", "armed", "memory", "bypass", "trouble", "program", "fire", "backlight"]
    static let leds: [KeypadLEDs] = [.ready, .armed, .memory, .bypass, .trouble, .program, .fire, .backlight]
    static let troubleNames = [
        "service required", "AC lost", "phone line", "failure to communicate",
        "zone fault", "zone tamper", "zone low battery", "loss of time",
    ]
    static let troubles: [TroubleBits] = [
        .serviceRequired, .acPowerLost, .phoneLine, .failureToCommunicate,
        .zoneFault, .zoneTamper, .zoneLowBattery, .lossOfTime,
    ]

    private static func hex(bit: Int) -> String {
        String(String(0x100 | 1 << bit, radix: 16, uppercase: true).dropFirst())
    }

    @Test("510/511: each LED bit on its own", arguments: 0..<8)
    func ledBit(bit: Int) throws {
        #expect(Self.leds[bit].rawValue == 1 << bit)
        #expect(try Wire.decode("510" + Self.hex(bit: bit)) == .keypadLEDs(Self.leds[bit], flashing: false))
        #expect(try Wire.decode("511" + Self.hex(bit: bit)) == .keypadLEDs(Self.leds[bit], flashing: true))
        #expect(try Wire.event("510" + Self.hex(bit: bit)).message == "Keypad LEDs: \(Self.ledNames[bit])")
        #expect(try Wire.event("511" + Self.hex(bit: bit)).message == "Keypad LEDs flashing: \(Self.ledNames[bit])")
    }

    @Test func allAndNoLEDs() throws {
        #expect(try Wire.decode("510FF") == .keypadLEDs(KeypadLEDs(Self.leds), flashing: false))
        #expect(try Wire.decode("510ff") == .keypadLEDs(KeypadLEDs(rawValue: 0xFF), flashing: false))
        #expect(try Wire.event("510FF").message == "Keypad LEDs: " + Self.ledNames.joined(separator: ", "))
        #expect(try Wire.event("51000").message == "Keypad LEDs: none")
        #expect(try Wire.event("51000").type == .info)
    }

    @Test("849: each trouble bit on its own", arguments: 0..<8)
    func troubleBit(bit: Int) throws {
        #expect(Self.troubles[bit].rawValue == 1 << bit)
        #expect(try Wire.decode("849" + Self.hex(bit: bit)) == .verboseTrouble(Self.troubles[bit]))
        let event = try Wire.event("849" + Self.hex(bit: bit))
        #expect(event.message == "Trouble: \(Self.troubleNames[bit])")
        #expect(event.type == .fault)
    }

    @Test func allAndNoTroubles() throws {
        #expect(try Wire.decode("849FF") == .verboseTrouble(TroubleBits(Self.troubles)))
        #expect(try Wire.event("849FF").message == "Trouble: " + Self.troubleNames.joined(separator: ", "))
        let none = try Wire.event("84900")
        #expect(none.message == "Trouble: none")
        #expect(none.type == .info)
    }
}
