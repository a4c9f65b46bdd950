public import Beanstalk

extension BeanstalkdServer {
    /// Where the project's queue client reaches this server: its unix socket or its TCP port.
    public var beanstalkEndpoint: BeanstalkEndpoint {
        socketPath.map { .unixSocket(path: $0) } ?? .tcp(host: host, port: port)
    }

    /// A fresh connection of the project's queue client to this server.
    public func connect(_ configuration: BeanstalkConfiguration = .init()) async throws -> BeanstalkConnection {
        try await BeanstalkConnection.connect(to: beanstalkEndpoint, configuration: configuration)
    }
}
