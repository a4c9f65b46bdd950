/// A user of a test ``MosquittoBroker``: name, password, and the ACL lines that apply to it.
public struct MosquittoUser: Sendable, Hashable {
    public var name: String
    public var password: String
    /// Topic rules in mosquitto's ACL syntax, e.g. `"topic readwrite site/1/#"`, `"topic read $SYS/#"`.
    public var rules: [String]

    public init(name: String, password: String, rules: [String]) {
        self.name = name
        self.password = password
        self.rules = rules
    }
}
