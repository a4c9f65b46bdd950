import AlarmCore

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A credential as minted (an APNs JWT, an FCM access token, a VAPID header) with the times that
/// govern its reuse.
struct MintedCredential: Sendable {
    /// The JWT or access token.
    let value: Secret
    /// Reused until then; the first caller after it mints a new one.
    let staleAt: Date
    /// A caller whose request the provider refused with this credential may have it replaced
    /// from then on; before, the refusal cannot be the credential's age.
    let replaceableAt: Date
}

/// An actor that keeps one credential for all its callers: reused while fresh, minted by one
/// caller while the others wait for the same result, replaced once when the provider refuses it.
/// ``APNSTokenProvider``, ``FCMAccessTokenProvider`` and the per-origin tokens of
/// ``VAPIDTokenProvider`` are the kinds.
protocol SharedCredentialHolder: Actor {
    /// The credential in use.
    var credential: MintedCredential? { get set }
    /// The mint in progress, which every caller awaits.
    var minting: Task<MintedCredential, any Error>? { get set }
    /// Where the time comes from.
    nonisolated var clock: WallClock { get }

    /// Mints a new credential at `now`: signs a JWT, or exchanges an assertion for an access token.
    func mint(at now: Date) async throws -> MintedCredential
}

extension SharedCredentialHolder {
    /// The current credential, minted first when there is none or it is stale.
    func currentCredential() async throws -> Secret {
        if let credential, clock.now < credential.staleAt {
            return credential.value
        }
        return try await remint().value
    }

    /// A credential to use instead of `rejected`, which the provider refused as expired or
    /// invalid: the current one if another caller has already replaced it, else a new one. `nil`
    /// when `rejected` is too young to be replaced: the refusal is not about its age (clock skew),
    /// and minting again would not help.
    func replacement(for rejected: Secret) async throws -> Secret? {
        if let minting {
            return try await minting.value.value
        }
        guard let credential, credential.value == rejected else {
            return try await currentCredential()
        }
        guard clock.now >= credential.replaceableAt else {
            return nil
        }
        return try await remint().value
    }

    /// Mints a new credential, or joins the mint in progress.
    private func remint() async throws -> MintedCredential {
        if let minting {
            return try await minting.value
        }
        let now = clock.now
        let task = Task { try await self.mint(at: now) }
        minting = task
        defer { minting = nil }
        let minted = try await task.value
        credential = minted
        return minted
    }
}
