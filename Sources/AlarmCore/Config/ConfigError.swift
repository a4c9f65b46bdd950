/// A problem with the configuration: where it is and what is wrong.
///
/// The description is `FILE: KEY.PATH: REASON`, for example
/// `config.yaml: beanstalkd.port: must be an integer from 1 to 65535, got "eleven"`.
/// Parts that are unknown are left out. A reason never contains a secret's value.
public struct ConfigError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The configuration file, as it was named, or `nil` when the text did not come from a file.
    public var file: String?
    /// The dotted path of the offending key, such as `beanstalkd.tubes.events[1]`,
    /// or `nil` when the problem concerns the whole file (YAML syntax, a missing file).
    public var keyPath: String?
    /// What is wrong, in words an operator can act on.
    public var reason: String

    /// Creates an error about `keyPath` in `file`.
    public init(file: String? = nil, keyPath: String? = nil, reason: String) {
        self.file = file
        self.keyPath = keyPath
        self.reason = reason
    }

    /// `FILE: KEY.PATH: REASON`, leaving out the parts that are `nil`.
    public var description: String {
        ConfigError.format(file: file, keyPath: keyPath, text: reason)
    }

    /// Formats a diagnostic (error or warning) the same way everywhere.
    static func format(file: String?, keyPath: String?, text: String) -> String {
        [file, keyPath, text].compactMap { $0 }.joined(separator: ": ")
    }
}
