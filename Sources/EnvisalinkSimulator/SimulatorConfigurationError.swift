/// A setting the simulator cannot run with.
public struct SimulatorConfigurationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong, in words for the operator.
    public let message: String

    /// An error saying `message`.
    public init(_ message: String) { self.message = message }

    public var description: String { message }
}
