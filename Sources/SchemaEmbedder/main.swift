// Writes a Swift file that carries the schema files as string literals.
// Usage: SchemaEmbedder OUTPUT.swift FILE...
import Foundation

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

var migrations: [(name: String, text: String)] = []
var openAPI = ""
for path in arguments.dropFirst().sorted() {
    let url = URL(fileURLWithPath: path)
    let text = try String(contentsOf: url, encoding: .utf8)
    if url.pathExtension == "sql" {
        migrations.append((url.deletingPathExtension().lastPathComponent, text))
    } else if url.lastPathComponent == "openapi.yaml" {
        openAPI = text
    }
}

var output = "// Generated at build time from schema/ by the EmbedSchema plugin. Do not edit.\n\n"
output += "/// The schema files, embedded in the binary.\n"
output += "enum EmbeddedSchema {\n"
output += "    /// Migration files as (file name without extension, SQL), sorted by name.\n"
output += "    static let migrations: [(name: String, sql: String)] = [\n"
for migration in migrations {
    output += "        (\(literal(migration.name)), \(literal(migration.text))),\n"
}
output += "    ]\n\n"
output += "    /// schema/openapi.yaml.\n"
output += "    static let openAPI: String = \(literal(openAPI))\n"
output += "}\n"

let data = Data(output.utf8)
if (try? Data(contentsOf: URL(fileURLWithPath: outputPath))) != data {
    try data.write(to: URL(fileURLWithPath: outputPath), options: .atomic)
}
