/// Where a beanstalkd server listens.
public enum BeanstalkEndpoint: Sendable, Hashable, CustomStringConvertible {
    /// TCP, for example `127.0.0.1:11300` (the default).
    case tcp(host: String, port: Int)
    /// A unix-domain socket (`beanstalkd -l unix:PATH`).
    case unixSocket(path: String)

    /// `127.0.0.1:11300`, where a local beanstalkd listens by default.
    public static let local = BeanstalkEndpoint.tcp(host: "127.0.0.1", port: 11300)

    public var description: String {
        switch self {
        case let .tcp(host, port): host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
        case let .unixSocket(path): "unix:\(path)"
        }
    }
}
