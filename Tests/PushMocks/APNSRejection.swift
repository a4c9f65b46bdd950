/// A request APNs turns down: the HTTP status and Apple's `reason`.
struct APNSRejection: Error {
    let status: Int
    let reason: String

    init(_ status: Int, _ reason: String) {
        self.status = status
        self.reason = reason
    }
}
