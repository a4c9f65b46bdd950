/// A composed YAML node, with aliases resolved: what the configuration reader needs of YAML.
///
/// Scalars keep their original text; nothing is typed here (``ConfigValue`` reads the text), so
/// `0123` stays `"0123"`.
indirect enum YAMLNode {
    /// A single value: its text, and whether it was written plain (unquoted, no block style),
    /// which is what makes `~`, `null` and an empty value YAML's null.
    case scalar(String, isPlain: Bool)
    /// A list, in document order.
    case sequence([YAMLNode])
    /// A mapping's entries, in document order (keys are distinct).
    case mapping([(key: YAMLNode, value: YAMLNode)])
}
