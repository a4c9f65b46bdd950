/// The troubles of a `849` (verbose trouble status) message: all 8 bits, bit 0 first.
public struct TroubleBits: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8

    public init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    /// Bit 0: service is required.
    public static let serviceRequired = TroubleBits(rawValue: 1 << 0)
    /// Bit 1: AC power is lost.
    public static let acPowerLost = TroubleBits(rawValue: 1 << 1)
    /// Bit 2: telephone line fault.
    public static let phoneLine = TroubleBits(rawValue: 1 << 2)
    /// Bit 3: failure to communicate.
    public static let failureToCommunicate = TroubleBits(rawValue: 1 << 3)
    /// Bit 4: a zone fault.
    public static let zoneFault = TroubleBits(rawValue: 1 << 4)
    /// Bit 5: a zone tamper.
    public static let zoneTamper = TroubleBits(rawValue: 1 << 5)
    /// Bit 6: a zone's battery is low.
    public static let zoneLowBattery = TroubleBits(rawValue: 1 << 6)
    /// Bit 7: the panel lost the time.
    public static let lossOfTime = TroubleBits(rawValue: 1 << 7)

    /// The data of an `849` with these troubles: 2 uppercase hex digits, e.g. `03` (service, AC).
    public var tpiData: String { TPIFrame.hex(rawValue) }
}

extension TroubleBits: NamedBits {
    static let bitNames: [(bit: TroubleBits, name: String)] = [
        (.serviceRequired, "service required"), (.acPowerLost, "AC lost"), (.phoneLine, "phone line"),
        (.failureToCommunicate, "failure to communicate"), (.zoneFault, "zone fault"),
        (.zoneTamper, "zone tamper"), (.zoneLowBattery, "zone low battery"), (.lossOfTime, "loss of time"),
    ]
}
