import AlarmCore
import Beanstalk
import CommandAPI
import CommandAPITestSupport
import NIOCore
import Testing
import TestSupport

/// `POST /v1/commands` racing `POST /v1/devices`: the API puts both on one beanstalkd connection,
/// and every job must land on its own tube (a command never on the registration tube).
@Suite("Concurrent commands and registrations")
struct ConcurrentEnqueueTests {
    @Test func everyJobLandsOnItsOwnTube() async throws {
        let requestsPerKind = 1_500
        let clients = 32
        try await APIStage.run { stage in
            let token = try await stage.token(.control)
            let refused = try await withThrowingTaskGroup(of: [String].self) { group in
                for client in 0..<clients {
                    group.addTask {
                        var refused: [String] = []
                        for index in stride(from: client, to: 2 * requestsPerKind, by: clients) {
                            let answer = index.isMultiple(of: 2)
                                ? try await stage.request(.POST, "/v1/commands", token: token, json: #"{"command":"status"}"#)
                                : try await stage.request(
                                    .POST, "/v1/devices", token: token, json: #"{"platform":"android","token":"phone-\#(index)"}"#)
                            if answer.status != 202 { refused.append("\(answer)") }
                        }
                        return refused
                    }
                }
                return try await group.reduce(into: [String]()) { $0 += $1 }
            }
            #expect(refused.isEmpty, "\(refused.count) requests refused, the first: \(refused.first ?? "")")

            let commands = try await jobs(on: "commands", of: stage)
            let registrations = try await jobs(on: "push-registrations", of: stage)
            let misplacedCommands = commands.filter { (try? AlarmCommand.decode(job: $0)) == nil }
            let misplacedRegistrations = registrations.filter { (try? RegistrationMessage.decode(json: $0)) == nil }
            #expect(misplacedCommands.isEmpty, "\(misplacedCommands.count) registrations on the command tube")
            #expect(misplacedRegistrations.isEmpty, "\(misplacedRegistrations.count) commands on the registration tube")
            #expect(commands.count == requestsPerKind)
            #expect(registrations.count == requestsPerKind)
        }
    }

    /// Every job ready on `tube`, reserved in turn.
    private func jobs(on tube: String, of stage: APIStage) async throws -> [String] {
        let reader = try await BeanstalkConnection.connect(to: .tcp(host: stage.server.host, port: stage.server.port))
        try await reader.watch(try TubeName(tube))
        try await reader.ignore(.default)
        var bodies: [String] = []
        while let job = try await reader.reserve(timeout: .zero) {
            bodies.append(String(buffer: job.body))
        }
        await reader.close()
        return bodies
    }
}
