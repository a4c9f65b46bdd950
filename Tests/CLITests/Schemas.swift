import Foundation

/// The JSON Schemas in `docs/schema/`, for validate_schema.py.
enum Schemas {
    /// `docs/schema/event.schema.json`.
    static var event: String { PackageFiles.path("docs/schema/event.schema.json") }
    /// `docs/schema/command.schema.json`.
    static var command: String { PackageFiles.path("docs/schema/command.schema.json") }
}

/// Files of the package these tests were compiled from.
enum PackageFiles {
    /// The path of `relative` in the package.
    static func path(_ relative: String) -> String {
        // This file is `<package root>/Tests/CLITests/Schemas.swift`.
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.appendingPathComponent(relative).path
    }

    /// The ```` ```python ```` blocks of the Markdown file at `relative`, in order.
    static func pythonBlocks(in relative: String) throws -> [String] {
        let document = try String(contentsOfFile: path(relative), encoding: .utf8)
        return document.matches(of: /```python\n(?<code>(?s:.*?))```/).map { String($0.code) }
    }

    /// The path of the example consumer `name` in `examples/consumers/`.
    static func example(_ name: String) -> String {
        path("examples/consumers/\(name)")
    }
}
