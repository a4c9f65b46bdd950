import EnvisalinkTPI

extension SystemError {
    /// The `502` frame the simulated EVL answers with, e.g. `502024` for ``notReadyToArm``.
    var frame: TPIFrame { .simulated("502", tpiData) }
}
