import AlarmCore
import NIOCore
import PushDelivery

/// A job on the registration tube, decoded for the consumer runtime.
struct RegistrationJob: QueueMessage {
    let message: RegistrationMessage

    static func decode(job body: ByteBuffer) throws(FormatError) -> RegistrationJob {
        RegistrationJob(message: try RegistrationMessage.decode(json: body.readableBytesView))
    }
}
