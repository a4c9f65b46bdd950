/// The control packet types (§2.2.1): the high nibble of a packet's first byte.
enum PacketType: UInt8, Sendable {
    case connect = 1
    case connAck
    case publish
    case pubAck
    case pubRec
    case pubRel
    case pubComp
    case subscribe
    case subAck
    case unsubscribe
    case unsubAck
    case pingReq
    case pingResp
    case disconnect

    /// The name the spec uses, for logs and errors.
    var name: String {
        switch self {
        case .connect: "CONNECT"
        case .connAck: "CONNACK"
        case .publish: "PUBLISH"
        case .pubAck: "PUBACK"
        case .pubRec: "PUBREC"
        case .pubRel: "PUBREL"
        case .pubComp: "PUBCOMP"
        case .subscribe: "SUBSCRIBE"
        case .subAck: "SUBACK"
        case .unsubscribe: "UNSUBSCRIBE"
        case .unsubAck: "UNSUBACK"
        case .pingReq: "PINGREQ"
        case .pingResp: "PINGRESP"
        case .disconnect: "DISCONNECT"
        }
    }

    /// The fixed header's first byte with these low-nibble `flags`.
    func headerByte(flags: UInt8 = 0) -> UInt8 { rawValue << 4 | flags }
}
