// Writes a Swift file that carries the schema files as string literals.
// Usage: SchemaEmbedder OUTPUT.swift FILE... [--postgres FILE...]
// FILEs after --postgres are the PostgreSQL dialect's migrations (schema/postgres/).
import Foundation

let arguments = CommandLine.arguments.dropFirst()
guard let outputPath = arguments.first else {
    FileHandle.standardError.write(Data("usage: SchemaEmbedder OUTPUT.swift FILE... [--postgres FILE...]\n".utf8))
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

let files = arguments.dropFirst()
let sqliteFiles = files.prefix { $0 != "--postgres" }
let postgresFiles = files.dropFirst(sqliteFiles.count + 1)

/// The migrations among `paths` as (file name without extension, SQL), sorted by path.
func migrations(in paths: some Sequence<String>) throws -> [(name: String, text: String)] {
    try paths.sorted().compactMap { path in
        let url = URL(fileURLWithPath: path)
        guard url.pathExtension == "sql" else { return nil }
        return (url.deletingPathExtension().lastPathComponent, try String(contentsOf: url, encoding: .utf8))
    }
}

var openAPI = ""
for path in sqliteFiles where URL(fileURLWithPath: path).lastPathComponent == "openapi.yaml" {
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
output += "    /// Migration files as (file name without extension, SQL), sorted by name.\n"
output += "    static let migrations: [(name: String, sql: String)] = \(listLiteral(try migrations(in: sqliteFiles)))\n\n"
output += "    /// The PostgreSQL dialect of the migrations (schema/postgres/), numbered and named as `migrations`.\n"
output += "    static let postgresMigrations: [(name: String, sql: String)] = \(listLiteral(try migrations(in: postgresFiles)))\n\n"
output += "    /// schema/openapi.yaml.\n"
output += "    static let openAPI: String = \(literal(openAPI))\n"
output += "}\n"

let data = Data(output.utf8)
if (try? Data(contentsOf: URL(fileURLWithPath: outputPath))) != data {
    try data.write(to: URL(fileURLWithPath: outputPath), options: .atomic)
}
