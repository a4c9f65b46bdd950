/// The data of a `505` message: where the network login stands.
public enum LoginStatus: Int, Sendable, Hashable, CaseIterable {
    /// `0`: the password was wrong; the Envisalink closes the connection.
    case failed = 0
    /// `1`: the password was accepted.
    case succeeded = 1
    /// `2`: no password arrived within 10 s; the Envisalink closes the connection.
    case timedOut = 2
    /// `3`: the Envisalink asks for the password (the first message after connecting).
    case passwordRequested = 3
}
