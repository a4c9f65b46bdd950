#if canImport(Glibc)
import Glibc
#endif

/// A blocking TCP connection to beanstalkd on 127.0.0.1 with a read buffer.
final class RawSocket: @unchecked Sendable {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    private let descriptor: Int32
    private var buffer: [UInt8] = []
    private var position = 0

    /// Connects and sends `use tube`.
    init(port: Int, using tube: String) throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw Failure(description: "socket() failed") }
        var noDelay: Int32 = 1
        setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &noDelay, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else { throw Failure(description: "cannot connect to 127.0.0.1:\(port)") }
        try command("use \(tube)\r\n")
    }

    func close() {
        _ = Glibc.close(descriptor)
    }

    /// Writes all of `bytes`.
    func send(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            guard written > 0 else { throw Failure(description: "write failed") }
            offset += written
        }
    }

    /// Sends `text` and returns the reply line; when `bodyFollows`, also reads past the job body.
    @discardableResult
    func command(_ text: String, bodyFollows: Bool = false) throws -> String {
        try send(Array(text.utf8))
        let line = try readLine()
        if bodyFollows, let size = line.split(separator: " ").last.flatMap({ Int($0) }) {
            try skip(size + 2)
        }
        return line
    }

    /// Reads a reply line and checks that it starts with `prefix`.
    func expectLine(prefix: String) throws {
        let line = try readLine()
        guard line.hasPrefix(prefix) else { throw Failure(description: "expected \(prefix), got \(line)") }
    }

    private func readLine() throws -> String {
        while true {
            if let end = buffer[position...].firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: buffer[position..<end].dropLast(), as: UTF8.self)
                position = end + 1
                return line
            }
            try fill()
        }
    }

    private func skip(_ count: Int) throws {
        while buffer.count - position < count { try fill() }
        position += count
    }

    private func fill() throws {
        if position > 0 {
            buffer.removeFirst(position)
            position = 0
        }
        var chunk = [UInt8](repeating: 0, count: 65536)
        let received = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard received > 0 else { throw Failure(description: "connection closed") }
        buffer += chunk[0..<received]
    }
}
