import AlarmCore
import EnvisalinkTPI
import EnvisalinkTPITestSupport
import Foundation
import Testing

@Suite("Panel messages: decoding and mapping, one row per code")
struct MessageTableTests {
    /// Every code in the reference's §3 and §6 tables.
    static let referenceCodes: Set<String> = [
        "500", "501", "502", "505", "510", "511", "550", "560", "561", "562",
        "601", "602", "603", "604", "605", "606", "609", "610", "615", "616",
        "620", "621", "622", "623", "624", "625", "626", "631", "632",
        "650", "651", "652", "653", "654", "655", "656", "657", "658", "659", "660", "663", "664",
        "670", "671", "672", "673", "674", "680", "700", "701", "702", "750", "751",
        "800", "801", "802", "803", "806", "807", "810", "811", "812", "813", "814", "815", "816",
        "821", "822", "825", "826", "827", "828", "829", "830", "831", "832", "833",
        "840", "841", "842", "843", "849", "896", "897", "900", "912", "921", "922",
    ]

    static let mapper = PanelEventMapper(zoneNames: MessageRow.zoneNames)
    static let timestamp: Int64 = 1_700_000_000

    /// The frame of a row, checked to survive the wire (checksum and CRLF) unchanged.
    private func frame(_ row: MessageRow) throws -> TPIFrame {
        let frame = try TPIFrame(code: String(row.wire.prefix(3)), data: String(row.wire.dropFirst(3)))
        #expect(TPILine.parse(frame.wireBytes.dropLast(2)) == .frame(frame))
        return frame
    }

    @Test("every reference code has a row and a decoding rule")
    func everyReferenceCodeIsCovered() throws {
        let rowCodes = Set(MessageRow.all.map { String($0.wire.prefix(3)) })
        #expect(Self.referenceCodes.subtracting(rowCodes).sorted() == [])
        for code in Self.referenceCodes.sorted() {
            let message = PanelMessage.decode(try TPIFrame(code: code, data: ""))
            #expect(message != .unknown(code: code), "no rule for \(code)")
        }
    }

    @Test("wire frame → message", arguments: MessageRow.all)
    func decodes(row: MessageRow) throws {
        #expect(PanelMessage.decode(try frame(row)) == row.message)
    }

    @Test("message → event", arguments: MessageRow.all)
    func maps(row: MessageRow) throws {
        let frame = try frame(row)
        let commandID = UUID()
        let event: AlarmEvent?
        if row.isSession {
            #expect(row.message.isSessionControl)
            #expect(Self.mapper.event(for: row.message, frame: frame, timestamp: Self.timestamp) == nil)
            event = Self.mapper.sessionEvent(for: row.message, frame: frame, timestamp: Self.timestamp, commandID: commandID)
        } else {
            #expect(!row.message.isSessionControl)
            #expect(Self.mapper.sessionEvent(for: row.message, frame: frame, timestamp: Self.timestamp, commandID: commandID) == nil)
            event = Self.mapper.event(for: row.message, frame: frame, timestamp: Self.timestamp)
        }
        let mapped = try #require(event)
        #expect(mapped.type == row.type)
        #expect(mapped.code == frame.code)
        #expect(mapped.message == row.text)
        #expect(mapped.raw == frame.redacted)
        #expect(mapped.timestamp == Self.timestamp)
        #expect(mapped.partition == row.partition)
        #expect(mapped.zone == row.zone)
        #expect(mapped.zoneName == row.zoneName)
        #expect(mapped.user == row.user)
        #expect(mapped.commandID == (row.isSession ? commandID : nil))
        #expect(mapped.id == nil && mapped.source == nil && mapped.sequence == nil)
        #expect(throws: Never.self) { try mapped.validate() }
    }
}
