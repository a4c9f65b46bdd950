import Testing
import TestSupport

/// The test broker itself: it takes its users' passwords, refuses the rest, and comes back on the
/// same port after a restart.
@Suite struct MosquittoLauncherTests {
    @Test func acceptsItsUsersAndRefusesWrongPasswords() async throws {
        try await withMosquitto(users: [MosquittoUser(name: "alice", password: "s3cret", rules: ["topic readwrite a/#"])]) { broker in
            let accepted = try connAckReturnCode(port: broker.port, user: "alice", password: "s3cret")
            let refused = try connAckReturnCode(port: broker.port, user: "alice", password: "wrong")
            #expect(accepted == 0)
            #expect(refused == 5)
        }
    }

    @Test func restartsOnTheSamePort() async throws {
        try await withMosquitto(users: [MosquittoUser(name: "alice", password: "s3cret", rules: [])]) { broker in
            let firstPID = broker.pid
            try await broker.restart()
            #expect(broker.pid != firstPID)
            #expect(broker.isRunning)
            let accepted = try connAckReturnCode(port: broker.port, user: "alice", password: "s3cret")
            #expect(accepted == 0)
        }
    }

    /// CONNECT with a user name and password over a raw socket; the CONNACK's return code.
    private func connAckReturnCode(port: Int, user: String, password: String) throws -> UInt8 {
        let connection = try RawConnection(port: port)
        defer { connection.close() }
        let payload = string("raw-client") + string(user) + string(password)
        let variableHeader: [UInt8] = [0, 4, 0x4D, 0x51, 0x54, 0x54, 4, 0xC2, 0, 10]
        try connection.send([0x10, UInt8(variableHeader.count + payload.count)] + variableHeader + payload)
        let reply = try connection.readBytes(4)
        #expect(reply[0...1] == [0x20, 0x02])
        return reply[3]
    }

    private func string(_ text: String) -> [UInt8] {
        let bytes = Array(text.utf8)
        return [UInt8(bytes.count >> 8), UInt8(bytes.count & 0xFF)] + bytes
    }
}
