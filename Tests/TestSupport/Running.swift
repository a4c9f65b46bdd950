/// Runs `body`, then `cleanup`, whether `body` returns or throws.
public func running<Result>(
    isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> Result,
    then cleanup: () async -> Void
) async throws -> Result {
    do {
        let result = try await body()
        await cleanup()
        return result
    } catch {
        await cleanup()
        throw error
    }
}
