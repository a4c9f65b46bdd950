import AlarmCore
import CoreMetrics

/// The push consumer's count of providers' replies, through swift-metrics (docs/operations.md):
/// by provider, the ledger status the reply led to, and a short form of its reason. Never a
/// token, a device or a message.
enum ProviderReplyMetrics {
    /// Replies (and local failures such as a timeout) per provider, status and reason.
    static let name = "howalarming_push_provider_replies_total"
    /// The longest `reason` label.
    static let reasonLength = 40

    /// Counts the reply to one send to a device of `provider`.
    static func replied(provider: PushProvider, outcome: DeliveryOutcome) {
        Counter(label: name, dimensions: [
            ("provider", provider.rawValue), ("status", outcome.ledgerStatus.rawValue), ("reason", reasonLabel(outcome.reason)),
        ]).increment()
    }

    /// The reason as a label: the provider's word before any explanation (`:` or ` (`), with
    /// ASCII letters, digits, spaces and `_.-` only, at most ``reasonLength`` characters; empty
    /// when delivered.
    static func reasonLabel(_ reason: String?) -> String {
        guard let reason else { return "" }
        var word = Substring(reason)
        if let end = word.firstRange(of: ":")?.lowerBound { word = word[..<end] }
        if let end = word.firstRange(of: " (")?.lowerBound { word = word[..<end] }
        let kept = word.unicodeScalars.filter { scalar in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || " _.-".unicodeScalars.contains(scalar))
        }
        var label = String(String.UnicodeScalarView(kept.prefix(reasonLength)))
        while label.last == " " { label.removeLast() }
        return label
    }
}
