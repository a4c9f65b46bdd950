import Testing
import Beanstalk
import TestSupport

extension BeanstalkdServer {
    /// Where our client reaches this server.
    var beanstalkEndpoint: BeanstalkEndpoint {
        socketPath.map { .unixSocket(path: $0) } ?? .tcp(host: host, port: port)
    }

    /// A fresh client connection to this server.
    func connect(_ configuration: BeanstalkConfiguration = .init()) async throws -> BeanstalkConnection {
        try await BeanstalkConnection.connect(to: beanstalkEndpoint, configuration: configuration)
    }
}

/// Expects `operation` to throw a ``BeanstalkError`` with `code`.
func expectError<T>(
    _ code: BeanstalkError.Code,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ operation: () async throws -> T
) async {
    do {
        _ = try await operation()
        Issue.record("expected \(code), got success", sourceLocation: sourceLocation)
    } catch let error as BeanstalkError {
        #expect(error.code == code, "\(error)", sourceLocation: sourceLocation)
    } catch {
        Issue.record("expected \(code), got \(error)", sourceLocation: sourceLocation)
    }
}
