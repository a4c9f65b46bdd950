import Beanstalk

extension BeanstalkConnection {
    /// Deletes job `id`; `false` when there is no such job (or another client holds it).
    func deleteIfPresent(_ id: JobID) async throws(BeanstalkError) -> Bool {
        do {
            try await delete(id)
            return true
        } catch {
            guard error.code == .notFound else { throw error }
            return false
        }
    }
}
