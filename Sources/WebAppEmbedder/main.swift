// Writes a Swift file that carries the web app's files as base64 string literals (a string literal
// compiles quickly where a large array literal of bytes does not, and images are binary).
// Usage: WebAppEmbedder OUTPUT.swift (NAME PATH)...
import Foundation

let arguments = Array(CommandLine.arguments.dropFirst())
guard let outputPath = arguments.first, arguments.count % 2 == 1 else {
    FileHandle.standardError.write(Data("usage: WebAppEmbedder OUTPUT.swift (NAME PATH)...\n".utf8))
    exit(2)
}

var output = "// Generated at build time by the EmbedWebApp plugin. Do not edit.\n\n"
output += "/// The web app's files and Leaflet, embedded in the binary.\n"
output += "enum EmbeddedWebApp {\n"
output += "    /// (path below the app's root, base64 of the file's bytes), sorted by path.\n"
output += "    static let files: [(path: String, base64: String)] = [\n"
var index = 1
while index + 1 < arguments.count {
    let name = arguments[index]
    let data = try Data(contentsOf: URL(fileURLWithPath: arguments[index + 1]))
    output += "        (\"\(name)\", \"\(data.base64EncodedString())\"),\n"
    index += 2
}
output += "    ]\n"
output += "}\n"

let data = Data(output.utf8)
if (try? Data(contentsOf: URL(fileURLWithPath: outputPath))) != data {
    try data.write(to: URL(fileURLWithPath: outputPath), options: .atomic)
}
