/// Who sent a request: the name and scope of the token it carried.
public struct Caller: Sendable, Hashable {
    /// The token's name, as given to `tokens create --name`.
    public var tokenName: String
    /// What the token may do.
    public var scope: TokenScope

    /// A caller holding the token `tokenName` with `scope`.
    public init(tokenName: String, scope: TokenScope) {
        self.tokenName = tokenName
        self.scope = scope
    }

    /// The `source` of the commands this caller sends: `howalarming-command:<token name>`.
    public var commandSource: String { "howalarming-command:\(tokenName)" }
}
