// Writes a Swift file that carries the schema files as string literals: every migration
// (schema/NNNN_name.sql) rendered for SQLite and for PostgreSQL, and schema/openapi.yaml as it is.
// Usage: SchemaEmbedder OUTPUT.swift FILE...
// A migration that does not render stops the build with its file and line (MigrationSourceError).
import Foundation
import SchemaDialect

let arguments = CommandLine.arguments.dropFirst()
guard let outputPath = arguments.first else {
    FileHandle.standardError.write(Data("usage: SchemaEmbedder OUTPUT.swift FILE...\n".utf8))
    exit(2)
}

/// A raw-string delimiter that the text cannot close early.
func delimiter(for text: String) -> String {
    var hashes = "#"
    while text.contains("\"" + hashes) { hashes += "#" }
    return hashes
}

func literal(_ text: String) -> String {
    let hashes = delimiter(for: text)
    return "\(hashes)\"\"\"\n\(text)\n\"\"\"\(hashes)"
}

/// The migrations among `paths` as (file name without extension, SQL for `engine`), sorted by path.
func migrations(in paths: some Sequence<String>, for engine: SchemaEngine) -> [(name: String, text: String)] {
    paths.sorted().compactMap { path in
        let url = URL(fileURLWithPath: path)
        guard url.pathExtension == "sql" else { return nil }
        do {
            let source = try String(contentsOf: url, encoding: .utf8)
            return (url.deletingPathExtension().lastPathComponent, try MigrationSource.render(source, for: engine))
        } catch let error as MigrationSourceError {
            FileHandle.standardError.write(Data("\(path):\(error.line): error: \(error.message) (rendering for \(engine.displayName))\n".utf8))
            exit(1)
        } catch {
            FileHandle.standardError.write(Data("\(path): error: \(error)\n".utf8))
            exit(1)
        }
    }
}

let files = arguments.dropFirst()
var openAPI = ""
for path in files where URL(fileURLWithPath: path).lastPathComponent == "openapi.yaml" {
    openAPI = try String(contentsOf: URL(fileURLWithPath: path), encoding: .utf8)
}

/// A Swift array literal of (name, SQL) pairs.
func listLiteral(_ migrations: [(name: String, text: String)]) -> String {
    var output = "[\n"
    for migration in migrations {
        output += "        (\(literal(migration.name)), \(literal(migration.text))),\n"
    }
    return output + "    ]"
}

var output = "// Generated at build time from schema/ by the EmbedSchema plugin. Do not edit.\n\n"
output += "/// The schema files, embedded in the binary.\n"
output += "enum EmbeddedSchema {\n"
output += "    /// The migrations as SQLite runs them: (file name without extension, SQL), sorted by name.\n"
output += "    static let migrations: [(name: String, sql: String)] = \(listLiteral(migrations(in: files, for: .sqlite)))\n\n"
output += "    /// The same migrations as PostgreSQL runs them, numbered and named as `migrations`.\n"
output += "    static let postgresMigrations: [(name: String, sql: String)] = \(listLiteral(migrations(in: files, for: .postgres)))\n\n"
output += "    /// schema/openapi.yaml.\n"
output += "    static let openAPI: String = \(literal(openAPI))\n"
output += "}\n"

let data = Data(output.utf8)
if (try? Data(contentsOf: URL(fileURLWithPath: outputPath))) != data {
    try data.write(to: URL(fileURLWithPath: outputPath), options: .atomic)
}
