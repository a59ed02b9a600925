import Foundation
import PackagePlugin

/// Turns `schema/*.sql` (each migration written once, rendered for SQLite and PostgreSQL) and
/// `schema/openapi.yaml` into a Swift source file of the target, so migrations have one source of
/// truth and ship inside the binary.
@main
struct EmbedSchema: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let schema = context.package.directoryURL.appending(path: "schema")
        let files = try FileManager.default
            .contentsOfDirectory(at: schema, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "sql" || $0.lastPathComponent == "openapi.yaml" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedSchema.swift")
        return [
            .buildCommand(
                displayName: "Embedding schema/ into \(target.name)",
                executable: try context.tool(named: "SchemaEmbedder").url,
                arguments: [output.path] + files.map(\.path),
                inputFiles: files,
                outputFiles: [output]
            )
        ]
    }
}
