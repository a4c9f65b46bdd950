/// Why a script consumer cannot start: a tube that is not its own, a program that cannot be
/// run. The description is one line for the operator.
public struct ScriptConsumerError: Error, Sendable, CustomStringConvertible {
    public let description: String

    init(_ description: String) {
        self.description = description
    }
}
