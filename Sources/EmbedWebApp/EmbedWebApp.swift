import Foundation
import PackagePlugin

/// Turns the guardian web app (`Sources/Homeward/WebApp/`) and Debian's Leaflet
/// (`/usr/share/javascript/leaflet`, package libjs-leaflet) into a Swift source file of the target,
/// so the binary serves the app with no files beside it.
@main
struct EmbedWebApp: BuildToolPlugin {
    /// Where libjs-leaflet installs Leaflet.
    static let leafletDirectory = URL(fileURLWithPath: "/usr/share/javascript/leaflet")
    /// The Leaflet files the app loads (the rest of the package is source maps and pre-compressed copies).
    static let leafletFiles = [
        "leaflet.min.js", "leaflet.css", "images/layers.png", "images/layers-2x.png",
        "images/marker-icon.png", "images/marker-icon-2x.png", "images/marker-shadow.png",
    ]

    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let appDirectory = context.package.directoryURL.appending(path: "Sources/Homeward/WebApp")
        var arguments: [String] = []
        var inputs: [URL] = []
        let enumerator = FileManager.default.enumerator(at: appDirectory, includingPropertiesForKeys: [.isRegularFileKey])
        var appFiles: [(String, URL)] = []
        while let url = enumerator?.nextObject() as? URL {
            guard (try url.resourceValues(forKeys: [.isRegularFileKey])).isRegularFile == true else { continue }
            let relative = String(url.standardizedFileURL.path.dropFirst(appDirectory.standardizedFileURL.path.count + 1))
            appFiles.append((relative, url))
        }
        for (name, url) in appFiles.sorted(by: { $0.0 < $1.0 }) {
            arguments += [name, url.path]
            inputs.append(url)
        }
        for name in Self.leafletFiles {
            let url = Self.leafletDirectory.appending(path: name)
            arguments += ["assets/leaflet/" + name, url.path]
            inputs.append(url)
        }
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedWebApp.swift")
        return [
            .buildCommand(
                displayName: "Embedding the web app into \(target.name)",
                executable: try context.tool(named: "WebAppEmbedder").url,
                arguments: [output.path] + arguments,
                inputFiles: inputs,
                outputFiles: [output]
            )
        ]
    }
}
