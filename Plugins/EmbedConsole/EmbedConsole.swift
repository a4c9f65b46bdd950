import Foundation
import PackagePlugin

/// Embeds the web console in the command API: every file under the target's `Console/` folder
/// becomes generated Swift source (``ConsoleEmbedder``), so the executable serves the console
/// without reading files at run time.
@main
struct EmbedConsole: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: any Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let console = target.directoryURL.appending(path: "Console")
        let files = ((try? FileManager.default.subpathsOfDirectory(atPath: console.path(percentEncoded: false))) ?? [])
            .map { console.appending(path: $0) }
            .filter { (try? $0.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true }
        let output = context.pluginWorkDirectoryURL.appending(path: "ConsoleFiles+Embedded.swift")
        return [
            .buildCommand(
                displayName: "Embedding the web console (\(files.count) files)",
                executable: try context.tool(named: "ConsoleEmbedder").url,
                arguments: [console.path(percentEncoded: false), output.path(percentEncoded: false)],
                inputFiles: files, outputFiles: [output])
        ]
    }
}
