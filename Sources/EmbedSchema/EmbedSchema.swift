import Foundation
import PackagePlugin

/// Turns `schema/*.sql`, `schema/postgres/*.sql` and `schema/openapi.yaml` into a Swift source file of the target,
/// so migrations have one source of truth and ship inside the binary.
@main
struct EmbedSchema: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let schema = context.package.directoryURL.appending(path: "schema")
        let postgres = schema.appending(path: "postgres")
        let files = try FileManager.default
            .contentsOfDirectory(at: schema, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "sql" || $0.lastPathComponent == "openapi.yaml" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
        let postgresFiles = try FileManager.default
            .contentsOfDirectory(at: postgres, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "sql" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedSchema.swift")
        return [
            .buildCommand(
                displayName: "Embedding schema/ into \(target.name)",
                executable: try context.tool(named: "SchemaEmbedder").url,
                arguments: [output.path] + files.map(\.path) + ["--postgres"] + postgresFiles.map(\.path),
                inputFiles: files + postgresFiles,
                outputFiles: [output]
            )
        ]
    }
}
