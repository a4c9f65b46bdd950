import AlarmCore

/// A browser's push subscription in a file (or standard input): the JSON of
/// `PushSubscription.toJSON()`, read by the registration message's own rules.
struct SubscriptionFile {
    /// The file; `-` for standard input.
    let path: String

    /// The `register` message for the subscription, with `name`.
    ///
    /// - Throws: `ValidationError` when the file cannot be read; ``FormatError`` naming the field
    ///   (`subscription.keys.auth: is 12 bytes, not 16`), never quoting a key or the endpoint.
    func registration(name: String?) throws -> RegistrationMessage {
        let text = try InputText.read(path)
        var writer = JSONObjectWriter()
        writer.write("type") { JSONObjectWriter.write(string: "register", into: &$0) }
        writer.write("platform") { JSONObjectWriter.write(string: DevicePlatform.web.rawValue, into: &$0) }
        if let name { writer.write("name") { JSONObjectWriter.write(string: name, into: &$0) } }
        // The subscription is checked where it is read: a body that is not one JSON object fails there.
        writer.write("subscription") { $0.append(contentsOf: text.utf8) }
        return try RegistrationMessage.decode(json: writer.finish())
    }
}
