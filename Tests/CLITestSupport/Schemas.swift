import Foundation
import TestSupport

/// The JSON Schemas in `docs/schema/`, for validate_schema.py.
package enum Schemas {
    /// `docs/schema/event.schema.json`.
    package static var event: String { PackageFiles.path("docs/schema/event.schema.json") }
    /// `docs/schema/command.schema.json`.
    package static var command: String { PackageFiles.path("docs/schema/command.schema.json") }
}

/// Files of the package these tests were compiled from.
package enum PackageFiles {
    /// The path of `relative` in the package.
    package static func path(_ relative: String) -> String {
        "\(PackageLayout.root)/\(relative)"
    }

    /// The ```` ```python ```` blocks of the Markdown file at `relative`, in order.
    package static func pythonBlocks(in relative: String) throws -> [String] {
        let document = try String(contentsOfFile: path(relative), encoding: .utf8)
        return document.matches(of: /```python\n(?<code>(?s:.*?))```/).map { String($0.code) }
    }

    /// The path of the example consumer `name` in `examples/consumers/`.
    package static func example(_ name: String) -> String {
        path("examples/consumers/\(name)")
    }
}
