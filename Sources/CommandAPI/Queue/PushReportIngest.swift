#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import AlarmCore
import Logging
import NIOCore

/// A job of `push.report_tube`, as the consumer runtime decodes it; a malformed one is buried
/// with the reason.
struct PushReportJob: QueueMessage {
    let report: PushReport

    static func decode(job body: ByteBuffer) throws(FormatError) -> PushReportJob {
        PushReportJob(report: try PushReport.decode(json: body.readableBytesView))
    }

    /// `delivery` or `devices`.
    var kind: String {
        switch report {
        case .delivery: "delivery"
        case .devices: "devices"
        }
    }
}

/// The handler of the push report tube: keeps each delivery report and the last device list,
/// and hands each delivery to the open streams.
struct PushReportIngest: Sendable {
    let reports: PushReportStore
    let hub: StreamHub

    /// Stores the report; a database failure is thrown, so the runtime retries the job.
    func handle(_ job: PushReportJob, context: JobContext) async throws -> JobOutcome {
        switch job.report {
        case .delivery(let delivery):
            try await reports.record(delivery)
            context.logger.debug("delivery report stored", metadata: [
                "event_id": "\(delivery.eventID.uuidString.lowercased())", "device": "\(delivery.device)",
                "status": "\(delivery.status)",
            ])
            if hub.hasSubscribers {
                let device = try await reports.devices()?.devices.first { $0.device == delivery.device }
                hub.publish(.delivery(frame: ByteBuffer(bytes: StreamFrames.delivery(
                    DeliveryRowDocument(delivery, device: device, withEventID: true)))))
            }
        case .devices(let devices):
            try await reports.record(devices)
            context.logger.debug("device list stored", metadata: ["devices": "\(devices.devices.count)"])
        }
        return .done
    }
}
