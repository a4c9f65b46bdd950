/// SHA-1 (FIPS 180-4), here only as the naming function of version 5 UUIDs (``NameBasedUUID``),
/// never for security.
enum SHA1 {
    /// The 20-byte digest of `message`.
    static func digest(_ message: some Sequence<UInt8>) -> [UInt8] {
        var data = Array(message)
        let bitLength = UInt64(data.count) * 8
        data.append(0x80)
        while data.count % 64 != 56 { data.append(0) }
        for shift in stride(from: 56, through: 0, by: -8) {
            data.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift)))
        }
        var state: [UInt32] = [0x6745_2301, 0xEFCD_AB89, 0x98BA_DCFE, 0x1032_5476, 0xC3D2_E1F0]
        var schedule = [UInt32](repeating: 0, count: 80)
        for block in stride(from: 0, to: data.count, by: 64) {
            for index in 0..<16 {
                schedule[index] = data[block + 4 * index..<block + 4 * index + 4].reduce(0) { $0 << 8 | UInt32($1) }
            }
            for index in 16..<80 {
                schedule[index] = rotated(
                    schedule[index - 3] ^ schedule[index - 8] ^ schedule[index - 14] ^ schedule[index - 16], by: 1)
            }
            compress(&state, schedule)
        }
        return state.flatMap { word in stride(from: 24, through: 0, by: -8).map { UInt8(truncatingIfNeeded: word >> $0) } }
    }

    /// The 80 rounds over one block's message schedule.
    private static func compress(_ state: inout [UInt32], _ schedule: [UInt32]) {
        var (a, b, c, d, e) = (state[0], state[1], state[2], state[3], state[4])
        for round in 0..<80 {
            let (mixed, constant): (UInt32, UInt32) =
                switch round {
                case 0..<20: ((b & c) | (~b & d), 0x5A82_7999)
                case 20..<40: (b ^ c ^ d, 0x6ED9_EBA1)
                case 40..<60: ((b & c) | (b & d) | (c & d), 0x8F1B_BCDC)
                default: (b ^ c ^ d, 0xCA62_C1D6)
                }
            let next = rotated(a, by: 5) &+ mixed &+ e &+ constant &+ schedule[round]
            (e, d, c, b, a) = (d, c, rotated(b, by: 30), a, next)
        }
        for (index, word) in [a, b, c, d, e].enumerated() { state[index] &+= word }
    }

    private static func rotated(_ word: UInt32, by count: UInt32) -> UInt32 {
        word << count | word >> (32 - count)
    }
}
