import AlarmCore
import NIOCore
import PushDelivery

/// A job on the registration tube, decoded for the consumer runtime.
struct RegistrationJob: QueueMessage {
    let message: RegistrationMessage

    static func decode(job body: ByteBuffer) throws(FormatError) -> RegistrationJob {
        RegistrationJob(message: try RegistrationMessage.decode(json: body.readableBytesView))
    }

    /// `register`, `unregister` or `rename` (never the token or name).
    var kind: String {
        switch message {
        case .register, .registerWeb: "register"
        case .unregister, .unregisterDevice: "unregister"
        case .rename: "rename"
        }
    }
}
