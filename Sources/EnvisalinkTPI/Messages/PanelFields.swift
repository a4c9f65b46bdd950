internal import AlarmCore

/// Reads the fixed-width fields of a message's data from left to right.
///
/// Errors quote at most one field, so a reason stays short; panel messages carry no secrets.
struct PanelFields {
    private let bytes: [UInt8]
    private var position = 0

    /// The fields of `data`, which must be exactly `length` characters; `layout` names the
    /// fields for the error, e.g. `partition and zone`.
    init(_ data: String, length: Int, layout: String) throws(PanelDataProblem) {
        bytes = Array(data.utf8)
        guard bytes.count == length else {
            throw PanelDataProblem("expected \(length) characters (\(layout)), got \(bytes.count)")
        }
    }

    /// A partition digit, 1–8.
    mutating func partition() throws(PanelDataProblem) -> Int {
        try number("partition", digits: 1, in: FormatLimits.partitions)
    }

    /// A 3-digit zone, 001–128.
    mutating func zone() throws(PanelDataProblem) -> Int {
        try number("zone", digits: 3, in: FormatLimits.zones)
    }

    /// The next `digits` characters as a decimal number in `range`.
    mutating func number(_ field: String, digits: Int, in range: ClosedRange<Int>) throws(PanelDataProblem) -> Int {
        let text = take(digits)
        guard text.allSatisfy(TPIFrame.isDigit), let value = Int(String(decoding: text, as: UTF8.self)) else {
            throw PanelDataProblem("\(field) \(Self.quoted(text)) is not \(digits) digit\(digits == 1 ? "" : "s")")
        }
        guard range.contains(value) else {
            throw PanelDataProblem("\(field) \(value) is not in \(range.lowerBound)–\(range.upperBound)")
        }
        return value
    }

    /// The next `count` characters, which must all be digits, as text (e.g. a command code).
    mutating func digits(_ field: String, count: Int) throws(PanelDataProblem) -> String {
        let text = take(count)
        guard text.allSatisfy(TPIFrame.isDigit) else {
            throw PanelDataProblem("\(field) \(Self.quoted(text)) is not \(count) digits")
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// The next two characters as a hex byte (either letter case).
    mutating func hexByte(_ field: String) throws(PanelDataProblem) -> UInt8 {
        let text = take(2)
        guard text.allSatisfy(Self.isHexDigit), let value = UInt8(String(decoding: text, as: UTF8.self), radix: 16)
        else {
            throw PanelDataProblem("\(field) \(Self.quoted(text)) is not 2 hex digits")
        }
        return value
    }

    private mutating func take(_ count: Int) -> ArraySlice<UInt8> {
        let end = min(position + count, bytes.count)
        defer { position = end }
        return bytes[position..<end]
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        TPIFrame.isDigit(byte) || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte & ~0x20)
    }

    private static func quoted(_ text: ArraySlice<UInt8>) -> String {
        "\"\(String(decoding: text, as: UTF8.self))\""
    }
}
