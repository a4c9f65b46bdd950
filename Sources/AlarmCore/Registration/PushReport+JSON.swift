#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reading and writing push report jobs.
extension PushReport {
    /// Decodes a push report from a job body; see ``decode(json:)-(String)``.
    public static func decode(json body: some Collection<UInt8>) throws(FormatError) -> PushReport {
        guard let text = String(validating: body, as: UTF8.self) else {
            throw FormatError(field: nil, reason: "body is not valid UTF-8")
        }
        return try decode(json: text)
    }

    /// Decodes a push report from JSON text: `type` `delivery` or `devices` and that report's
    /// fields (`docs/event-format.md`, "Push reports"). Unknown fields are ignored.
    ///
    /// - Throws: ``FormatError`` naming the field at fault, such as `devices[0].platform: …`.
    public static func decode(json text: String) throws(FormatError) -> PushReport {
        try decodeJSONObject(Envelope.self, from: text).report
    }

    /// The compact JSON of the report, `type` first.
    public func jsonBytes() -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        // Strings, numbers and arrays of them only: encoding cannot fail.
        return Array((try? encoder.encode(Envelope(report: self))) ?? Data())
    }

    /// The report with its `type` member.
    private struct Envelope: Codable {
        let report: PushReport

        private enum TypeKey: String, CodingKey { case type }

        init(report: PushReport) { self.report = report }

        init(from decoder: any Decoder) throws {
            do {
                let type = try decoder.container(keyedBy: TypeKey.self).decodeIfPresent(String.self, forKey: .type)
                switch type {
                case "delivery": report = .delivery(try DeliveryReport(from: decoder))
                case "devices": report = .devices(try DevicesReport(from: decoder))
                case let type?:
                    throw FormatError(
                        field: "type",
                        reason: "unknown push report type \(type.quotedExcerpt()); expected \(PushReport.types.joined(separator: " or "))")
                case nil:
                    throw FormatError(field: "type", reason: "required field is missing")
                }
            } catch let error as DecodingError {
                throw FormatError(error)
            }
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: TypeKey.self)
            switch report {
            case .delivery(let delivery):
                try container.encode("delivery", forKey: .type)
                try delivery.encode(to: encoder)
            case .devices(let devices):
                try container.encode("devices", forKey: .type)
                try devices.encode(to: encoder)
            }
        }
    }
}
