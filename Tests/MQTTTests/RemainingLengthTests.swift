@testable import MQTT
import NIOCore
import Testing

/// §2.2.3 Remaining Length: seven bits a byte, least significant first, at most four bytes.
@Suite("MQTT remaining length")
struct RemainingLengthTests {
    /// The examples of Table 2.4 (§2.2.3), and the reference's (§1.2).
    static let examples: [(Int, String)] = [
        (0, "00"), (127, "7F"), (128, "80 01"), (321, "C1 02"), (16_383, "FF 7F"), (16_384, "80 80 01"),
        (2_097_151, "FF FF 7F"), (2_097_152, "80 80 80 01"), (268_435_455, "FF FF FF 7F"),
    ]

    @Test("encodes minimally, and decodes back", arguments: examples)
    func roundTrip(value: Int, bytes: String) throws {
        var buffer = ByteBuffer()
        RemainingLength.write(value, into: &buffer)
        #expect(Array(buffer.readableBytesView) == wire(bytes))
        #expect(RemainingLength.byteCount(of: value) == wire(bytes).count)
        #expect(try RemainingLength.read(in: buffer, at: buffer.readerIndex) == .complete(value: value, byteCount: wire(bytes).count))
    }

    @Test func aLengthCutShortIsIncomplete() throws {
        for prefix in ["", "80", "FF FF", "80 80 80"] {
            let buffer = ByteBuffer(bytes: wire(prefix))
            #expect(try RemainingLength.read(in: buffer, at: buffer.readerIndex) == .incomplete)
        }
    }

    @Test func aFourthByteWithItsContinuationBitIsMalformed() {
        for bytes in ["FF FF FF FF 7F", "80 80 80 80"] {
            let buffer = ByteBuffer(bytes: wire(bytes))
            #expect {
                _ = try RemainingLength.read(in: buffer, at: buffer.readerIndex)
            } throws: { ($0 as? MQTTError)?.code == .malformedRemainingLength }
        }
    }
}
