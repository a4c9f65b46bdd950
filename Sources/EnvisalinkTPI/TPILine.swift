#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif
import AlarmCore

/// What one line from the TPI link turned out to be.
public enum TPILine: Sendable, Hashable {
    /// A valid frame (checksum verified, any `HH:MM:SS ` timestamp prefix stripped).
    case frame(TPIFrame)
    /// Bytes that are not a valid frame; the link stays in sync and the next line is read.
    case invalid(TPIFrameProblem)

    /// Parses one line, without its line ending.
    ///
    /// Pure: the same bytes always give the same result. The checksum is verified
    /// (either case of hex digits is accepted), and a leading `HH:MM:SS ` timestamp —
    /// which the checksum does not cover — is removed first.
    public static func parse(_ line: some Collection<UInt8>) -> TPILine {
        var bytes = Array(line)
        if bytes.last == 0x0D { bytes.removeLast() }
        let text = String(decoding: bytes, as: UTF8.self)
        if hasTimestampPrefix(bytes) { bytes.removeFirst(9) }
        guard bytes.count >= 5 else {
            return .invalid(TPIFrameProblem("frame shorter than a code and a checksum", excerpt: text))
        }
        let body = bytes.dropLast(2)
        let code = body.prefix(3)
        guard code.allSatisfy(TPIFrame.isDigit) else {
            return .invalid(TPIFrameProblem("code is not 3 digits", excerpt: text))
        }
        guard body.allSatisfy(TPIFrame.isPrintable) else {
            return .invalid(TPIFrameProblem("frame contains non-printable bytes", excerpt: text))
        }
        guard let received = hexByte(bytes.suffix(2)) else {
            return .invalid(TPIFrameProblem("checksum is not 2 hex digits", excerpt: text))
        }
        let expected = TPIFrame.checksum(of: body)
        guard received == expected else {
            return .invalid(TPIFrameProblem(
                "bad checksum \(TPIFrame.hex(received)), expected \(TPIFrame.hex(expected))", excerpt: text))
        }
        return .frame(TPIFrame(
            validCode: String(decoding: code, as: UTF8.self),
            data: String(decoding: body.dropFirst(3), as: UTF8.self)))
    }

    /// The `HH:MM:SS ` prefix, space included, that the Envisalink puts before every line while
    /// ``PanelCommand/timestampControl(on:)`` has it on: the wall-clock time of `date` in
    /// `timeZone`, e.g. `12:34:56 `. ``parse(_:)`` strips it.
    public static func timestampPrefix(_ date: Date, in timeZone: TimeZone) -> String {
        let calendar = PanelDateTime.calendar(in: timeZone)
        let fields: [Calendar.Component] = [.hour, .minute, .second]
        return fields.map { calendar.component($0, from: date).zeroPadded(2) }.joined(separator: ":") + " "
    }

    /// `HH:MM:SS ` (9 bytes) at the start of a line.
    private static func hasTimestampPrefix(_ bytes: [UInt8]) -> Bool {
        guard bytes.count > 9 else { return false }
        let digitPositions = [0, 1, 3, 4, 6, 7]
        return digitPositions.allSatisfy { TPIFrame.isDigit(bytes[$0]) }
            && bytes[2] == UInt8(ascii: ":") && bytes[5] == UInt8(ascii: ":") && bytes[8] == UInt8(ascii: " ")
    }

    private static func hexByte(_ digits: some Collection<UInt8>) -> UInt8? {
        var value: UInt8 = 0
        for digit in digits {
            let nibble: UInt8
            switch digit {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): nibble = digit - UInt8(ascii: "0")
            case UInt8(ascii: "A")...UInt8(ascii: "F"): nibble = digit - UInt8(ascii: "A") + 10
            case UInt8(ascii: "a")...UInt8(ascii: "f"): nibble = digit - UInt8(ascii: "a") + 10
            default: return nil
            }
            value = value << 4 | nibble
        }
        return value
    }
}
