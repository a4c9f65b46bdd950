/// Reading secrets: a plain key, a `*_file` key, or an environment variable that overrides both.
extension ConfigMap {
    /// The environment variable that overrides the secret at `keyPath`:
    /// `HOWALARMING_` and the path, upper-cased, dots made underscores
    /// (`HOWALARMING_ENVISALINKD_PASSWORD` for `envisalinkd.password`).
    static func environmentVariable(forKeyPath keyPath: String) -> String {
        "HOWALARMING_" + String(keyPath.uppercased().map { $0 == "." ? "_" : $0 })
    }

    /// Why the secret `key` (at `keyPath`) is missing, and the three ways to give it.
    static func missingSecretReason(key: String, keyPath: String) -> String {
        "is required: set \(key), \(key)_file or \(environmentVariable(forKeyPath: keyPath))"
    }

    /// The secret `key`, from (first that is set) the environment variable, `key` itself, or the
    /// file named by `key_file` (its trailing whitespace and newlines removed); `nil` when none is set.
    ///
    /// Setting both `key` and `key_file` is an error. No message contains the secret.
    func secret(_ key: String) throws(ConfigError) -> Secret? {
        let fileKey = "\(key)_file"
        let plain = value(key)
        let file = value(fileKey)
        if plain != nil, file != nil {
            throw reader.error(at: path(of: key), "set either \(key) or \(fileKey), not both")
        }
        if let inline = try inlineSecret(key) { return inline }
        guard let file else { return nil }
        let path = try file.inputFile()
        var text: String
        do {
            text = try TextFile.read(atPath: path)
        } catch {
            throw file.failure("cannot read \(String(reflecting: path)): \(error.reason)")
        }
        while let last = text.last, last.isWhitespace { text.removeLast() }
        guard !text.isEmpty else { throw file.failure("the file \(String(reflecting: path)) is empty") }
        return Secret(text)
    }

    /// The secret `key` given as text: its environment variable, else `key` itself (never a
    /// file); `nil` when neither is set. No message contains the secret.
    func inlineSecret(_ key: String) throws(ConfigError) -> Secret? {
        if let text = reader.environment[ConfigMap.environmentVariable(forKeyPath: path(of: key))], !text.isEmpty {
            return Secret(text)
        }
        guard let plain = value(key) else { return nil }
        let text = try plain.text(expected: "a single value (the secret itself)")
        guard !text.isEmpty else { throw plain.failure("must not be empty") }
        return Secret(text)
    }
}
