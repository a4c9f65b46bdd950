/// Why the data of a known message does not fit its code; becomes ``PanelMessage/malformed(code:reason:)``.
struct PanelDataProblem: Error {
    /// What is wrong, e.g. `zone 0 is not in 1–128`.
    let reason: String

    init(_ reason: String) {
        self.reason = reason
    }
}
