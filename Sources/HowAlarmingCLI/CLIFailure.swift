/// An error the CLI reports as one line on standard error, exiting with status 1.
struct CLIFailure: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
