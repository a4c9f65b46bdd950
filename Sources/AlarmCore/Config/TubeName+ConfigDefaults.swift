extension TubeName {
    /// A tube name that is valid by construction: the configuration's defaults.
    init(validLiteral name: StaticString) {
        do {
            self = try TubeName("\(name)")
        } catch {
            preconditionFailure(error.message)
        }
    }
}
