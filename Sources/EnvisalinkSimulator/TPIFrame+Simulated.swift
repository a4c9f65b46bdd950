import EnvisalinkTPI

extension TPIFrame {
    /// A frame the simulator composes from a fixed code and data it formatted itself.
    ///
    /// Such frames are valid by construction; an invalid one is a bug in the simulator.
    static func simulated(_ code: String, _ data: String = "") -> TPIFrame {
        do {
            return try TPIFrame(code: code, data: data)
        } catch {
            preconditionFailure("the simulator composed an invalid frame: \(error)")
        }
    }
}
