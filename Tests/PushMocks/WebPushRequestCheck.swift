import Crypto
import Foundation

/// What push services check before taking a message (RFC 8030, RFC 8291, RFC 8292): a VAPID
/// `Authorization` whose key is the one the subscription was made with, whose ES256 JWT that key
/// signed, for this origin (`aud`), expiring within 24 hours (`exp`, an integer) and naming a
/// contact (`sub`); a `TTL`; at most one valid `Urgency`; a `Topic` of at most 32 base64url
/// characters; `Content-Encoding: aes128gcm` and a body of at most 4096 bytes.
struct WebPushRequestCheck: Sendable {
    /// The VAPID public key subscriptions were made with, in base64url.
    let publicKey: String

    private struct Claims: Decodable {
        let aud: String
        let exp: Int64
        let sub: String
    }

    /// `nil` when `request` passes at `now`, else the status and reason of the refusal.
    func refusal(of request: MockHTTPRequest, now: Date) -> (status: Int, reason: String)? {
        let origin = MockHTTPServer.baseURL(port: request.serverPort)
        if let reason = vapidRefusal(request.headers["authorization"], origin: origin, now: now) { return (401, reason) }
        let headers = request.headers
        guard let ttl = headers["ttl"], Int(ttl).map({ $0 >= 0 }) == true else { return (400, "missing or invalid TTL") }
        if request.headerCount("urgency") > 1 { return (400, "more than one Urgency") }
        if let urgency = headers["urgency"], !["very-low", "low", "normal", "high"].contains(urgency) {
            return (400, "invalid Urgency")
        }
        if let topic = headers["topic"],
            topic.isEmpty || topic.count > 32
                || !topic.unicodeScalars.allSatisfy({ $0.isASCII && (CharacterSet.alphanumerics.contains($0) || $0 == "-" || $0 == "_") })
        {
            return (400, "invalid Topic")
        }
        guard headers["content-encoding"] == "aes128gcm" else { return (400, "Content-Encoding is not aes128gcm") }
        guard request.body.count <= 4096 else { return (413, "payload too large") }
        return nil
    }

    /// Why the `Authorization` value is refused, or `nil` when it passes.
    private func vapidRefusal(_ value: String?, origin: String, now: Date) -> String? {
        guard let value, value.lowercased().hasPrefix("vapid ") else { return "no vapid Authorization" }
        var parameters: [String: String] = [:]
        for part in value.dropFirst("vapid ".count).split(separator: ",") {
            let pair = part.trimmingCharacters(in: .whitespaces).split(separator: "=", maxSplits: 1)
            if pair.count == 2 { parameters[String(pair[0])] = String(pair[1]) }
        }
        guard let key = parameters["k"], let jwt = parameters["t"] else { return "vapid Authorization without t and k" }
        guard key == publicKey else { return "k is not the key the subscription was made with" }
        guard let keyBytes = CompactJWT.base64URLDecoded(key),
            let verifier = try? P256.Signing.PublicKey(x963Representation: keyBytes),
            let token = CompactJWT(jwt), token.header.alg == "ES256",
            let signature = try? P256.Signing.ECDSASignature(rawRepresentation: token.signature),
            verifier.isValidSignature(signature, for: token.signingInput)
        else { return "the JWT is not an ES256 token signed by k" }
        guard let claims = token.claims(as: Claims.self) else { return "the JWT lacks aud, an integer exp or sub" }
        guard claims.aud == origin else { return "aud is not this service's origin" }
        let now = Int64(now.timeIntervalSince1970)
        guard claims.exp > now, claims.exp <= now + 24 * 3600 else { return "exp is not within the next 24 hours" }
        guard claims.sub.hasPrefix("mailto:") || claims.sub.hasPrefix("https:") else { return "sub is not mailto: or https:" }
        return nil
    }
}
