import Foundation

/// Where things are in the package checkout this file was compiled from.
public enum PackageLayout {
    /// The package root: this file is `<root>/Tests/TestSupport/PackageLayout.swift`.
    public static let root: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.path
    }()

    /// Where `swift build` puts debug products.
    static var debugBinDirectory: String { "\(root)/.build/debug" }

    /// The Python interop scripts.
    static var interopDirectory: String { "\(root)/Tests/Interop" }

    /// The virtual environment `make test` creates.
    static var venvPython: String { "\(root)/.venv/bin/python3" }
}
