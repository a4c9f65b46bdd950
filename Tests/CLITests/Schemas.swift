import Foundation

/// The JSON Schemas in `docs/schema/`, for validate_schema.py.
enum Schemas {
    /// `docs/schema/event.schema.json`.
    static var event: String { path("event.schema.json") }
    /// `docs/schema/command.schema.json`.
    static var command: String { path("command.schema.json") }

    /// This file is `<package root>/Tests/CLITests/Schemas.swift`.
    private static func path(_ name: String) -> String {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.appendingPathComponent("docs/schema/\(name)").path
    }
}
