import MQTT
import NIOCore
import TestSupport
import Testing

/// Feeds ``MQTTPacketDecoder`` what a broken or hostile broker could send — random bytes, valid
/// packet streams, the same with bytes flipped or cut short — and checks, input by input, what
/// must hold: decoding in random chunks ends exactly as decoding the whole input (the same
/// packets, then the same error or the same incomplete rest); valid streams decode to the
/// packets they were made from; every error is an ``MQTTError``; every decoded PUBLISH encodes
/// back to a packet that decodes to itself.
struct MQTTFuzzHarness {
    /// What the run went through, printed at the end.
    struct Tally: CustomStringConvertible {
        var inputs = 0
        var bytes = 0
        var packets = 0
        var errors = 0
        var incomplete = 0

        var description: String {
            "\(inputs) inputs, \(bytes) bytes: \(packets) packets, \(errors) refused, \(incomplete) left incomplete"
        }
    }

    /// How one input ended.
    private struct Outcome: Equatable {
        var packets: [MQTTServerPacket] = []
        var error: MQTTError.Code?
        var unread = 0
    }

    private enum Kind: CaseIterable { case randomBytes, validStream, flippedBytes, cutShort }

    private(set) var tally = Tally()
    private var random: SeededGenerator
    private let decoder = MQTTPacketDecoder(maximumPacketSize: 4096)

    init(seed: UInt64) {
        random = SeededGenerator(seed: seed)
    }

    mutating func run(inputs count: Int) {
        for index in 0..<count {
            let kind = Kind.allCases[index % Kind.allCases.count]
            let (stream, packets) = validStream()
            let input: [UInt8]
            switch kind {
            case .randomBytes: input = (0..<Int.random(in: 0...64, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
            case .validStream: input = stream
            case .flippedBytes: input = flip(stream)
            case .cutShort: input = Array(stream.prefix(Int.random(in: 0..<max(stream.count, 1), using: &random)))
            }
            let whole = decode(input, chunked: false)
            let chunked = decode(input, chunked: true)
            guard whole == chunked else {
                Issue.record("input \(index) (\(kind)): whole \(whole), in chunks \(chunked)")
                return
            }
            if kind == .validStream, whole != Outcome(packets: packets) {
                Issue.record("input \(index): decoded \(whole), made from \(packets)")
                return
            }
            tally.inputs += 1
            tally.bytes += input.count
            tally.packets += whole.packets.count
            if whole.error != nil { tally.errors += 1 } else if whole.unread > 0 { tally.incomplete += 1 }
        }
    }

    /// Decodes `input` as a channel would, stopping at the first error.
    private mutating func decode(_ input: [UInt8], chunked: Bool) -> Outcome {
        var outcome = Outcome()
        var buffer = ByteBuffer()
        var rest = input[...]
        repeat {
            let size = chunked ? Int.random(in: 1...16, using: &random) : rest.count
            buffer.writeBytes(rest.prefix(size))
            rest = rest.dropFirst(size)
            do {
                while let packet = try decoder.decode(buffer: &buffer) {
                    checkRoundTrip(packet)
                    outcome.packets.append(packet)
                }
            } catch let error as MQTTError {
                outcome.error = error.code
                return outcome
            } catch {
                Issue.record("not an MQTTError: \(error)")
                return outcome
            }
        } while !rest.isEmpty
        outcome.unread = buffer.readableBytes
        return outcome
    }

    private func checkRoundTrip(_ packet: MQTTServerPacket) {
        guard case .publish(let publish) = packet else { return }
        var buffer = ByteBuffer()
        MQTTClientPacket.publish(publish).encode(into: &buffer)
        let again = try? decoder.decode(buffer: &buffer)
        if again != packet || buffer.readableBytes != 0 { Issue.record("\(publish) does not survive a round trip") }
    }

    /// One to five valid server packets and what they are.
    private mutating func validStream() -> ([UInt8], [MQTTServerPacket]) {
        var buffer = ByteBuffer()
        var packets: [MQTTServerPacket] = []
        for _ in 0..<Int.random(in: 1...5, using: &random) {
            let id = PacketID(UInt16.random(in: 1...UInt16.max, using: &random))!
            switch Int.random(in: 0..<6, using: &random) {
            case 0:
                let code = ConnectReturnCode(rawValue: UInt8.random(in: 0...5, using: &random))!
                let present = Bool.random(using: &random)
                buffer.writeBytes([0x20, 0x02, present ? 1 : 0, code.rawValue])
                packets.append(.connAck(ConnAckPacket(sessionPresent: present, returnCode: code)))
            case 1:
                let publish = randomPublish(id: id)
                MQTTClientPacket.publish(publish).encode(into: &buffer)
                packets.append(.publish(publish))
            case 2:
                buffer.writeInteger(UInt8(0x40))
                buffer.writeInteger(UInt8(2))
                buffer.writeInteger(id.value)
                packets.append(.pubAck(id))
            case 3:
                let codes: [UInt8] = (0..<Int.random(in: 1...4, using: &random)).map { _ in [0x00, 0x01, 0x02, 0x80].randomElement(using: &random)! }
                buffer.writeInteger(UInt8(0x90))
                buffer.writeInteger(UInt8(2 + codes.count))
                buffer.writeInteger(id.value)
                buffer.writeBytes(codes)
                packets.append(.subAck(SubAckPacket(packetID: id, results: codes.map { $0 == 0x80 ? .failure : .granted(QoS(rawValue: $0)!) })))
            case 4:
                buffer.writeBytes([0xB0, 0x02])
                buffer.writeInteger(id.value)
                packets.append(.unsubAck(id))
            default:
                buffer.writeBytes([0xD0, 0x00])
                packets.append(.pingResp)
            }
        }
        return (Array(buffer.readableBytesView), packets)
    }

    private mutating func randomPublish(id: PacketID) -> PublishPacket {
        let levels = (0..<Int.random(in: 1...4, using: &random)).map { _ in
            ["a", "site1", "p1", "state", "", "é", "$SYS", "zone 001"].randomElement(using: &random)!
        }
        let topic = try! TopicName(levels.joined(separator: "/").isEmpty ? "/" : levels.joined(separator: "/"))
        let payload = ByteBuffer(bytes: (0..<Int.random(in: 0...300, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) })
        let qos = QoS(rawValue: UInt8.random(in: 0...2, using: &random))!
        let hasID = qos != .atMostOnce
        return try! PublishPacket(
            topic: topic, payload: payload, qos: qos, retain: Bool.random(using: &random),
            packetID: hasID ? id : nil, duplicate: hasID && Bool.random(using: &random))
    }

    /// `bytes` with one to three bytes replaced at random.
    private mutating func flip(_ bytes: [UInt8]) -> [UInt8] {
        var bytes = bytes
        for _ in 0..<Int.random(in: 1...3, using: &random) {
            bytes[Int.random(in: 0..<bytes.count, using: &random)] = UInt8.random(in: 0...255, using: &random)
        }
        return bytes
    }
}
