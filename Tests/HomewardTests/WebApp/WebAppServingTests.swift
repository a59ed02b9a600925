import XCTest
import HomewardHTTP
import HomewardHTTPTesting
@testable import Homeward

/// The embedded web app over a real socket: pages with a strict policy and revalidation, hashed
/// assets cached for a year, ETags, gzip, and the size budget.
final class WebAppServingTests: XCTestCase {
    /// The budget of the app's own files as sent gzip-encoded, Leaflet aside.
    private let appBudgetBytes = 150 * 1024

    private func assetPaths(in page: String) -> [String] {
        // Files below the hash, not the bare prefix the service worker keeps.
        page.components(separatedBy: "\"").filter { $0.hasPrefix(WebAppBundle.assetPrefix) && $0.split(separator: "/").count > 2 }
    }

    func testThePageNamesEveryAlertTypeWithTheServersTitleInTheTypesOrder() throws {
        let test = try TestApp()
        try test.withClient { client in
            let page = try client.send(.get, "/").text
            let start = try XCTUnwrap(page.range(of: #"<meta name="homeward-alert-titles" content=""#))
            let attribute = page[start.upperBound...].prefix { $0 != "\"" }
            let json = attribute.replacingOccurrences(of: "&quot;", with: "\"")
            let expected = AlertType.allCases.map { #""\#($0.rawValue)":"\#($0.title)""# }.joined(separator: ",")
            XCTAssertEqual(json, "{\(expected)}")
        }
    }

    func testTheAppIsServedAtTheRootWithAStrictPolicyAndNoInlineScript() throws {
        let test = try TestApp()
        try test.withClient { client in
            let page = try client.send(.get, "/")
            XCTAssertEqual(page.status, .ok)
            XCTAssertEqual(page.headers["Content-Type"], "text/html; charset=utf-8")
            XCTAssertEqual(page.headers["Cache-Control"], "no-cache")
            let policy = try XCTUnwrap(page.headers["Content-Security-Policy"])
            XCTAssertTrue(policy.contains("script-src 'self'"), policy)
            XCTAssertFalse(policy.contains("unsafe-inline"), policy)
            XCTAssertTrue(policy.contains("img-src 'self' data: blob: https://tile.openstreetmap.org"), policy)
            XCTAssertTrue(policy.contains("frame-ancestors 'none'"), policy)
            XCTAssertEqual(page.headers["X-Content-Type-Options"], "nosniff")
            XCTAssertNil(page.text.range(of: "<script>"), "every script is a file of its own")
            XCTAssertNil(page.text.range(of: " on[a-z]+=", options: .regularExpression), "no inline event handlers")
            XCTAssertTrue(page.text.contains(#"content="https://tile.openstreetmap.org/{z}/{x}/{y}.png""#))
            XCTAssertFalse(page.text.contains("{{"), "every placeholder is filled")

            for path in ["/trip", "/shared", "/sw.js", "/manifest.webmanifest"] {
                XCTAssertEqual(try client.send(.get, path).status, .ok, path)
            }
            let manifest = try client.send(.get, "/manifest.webmanifest")
            XCTAssertEqual(manifest.headers["Content-Type"], "application/manifest+json")
            XCTAssertEqual(try manifest.decode(API.WebManifest.self).startURL, "/")
        }
    }

    func testHashedAssetsAreCachedForAYearAndAnotherHashIsNotFound() throws {
        let test = try TestApp()
        try test.withClient { client in
            let page = try client.send(.get, "/").text
            let paths = assetPaths(in: page)
            XCTAssertTrue(paths.contains { $0.hasSuffix("/js/app.js") }, "\(paths)")
            XCTAssertTrue(paths.contains { $0.hasSuffix("/leaflet/leaflet.min.js") }, "\(paths)")
            for path in paths {
                let asset = try client.send(.get, path)
                XCTAssertEqual(asset.status, .ok, path)
                XCTAssertEqual(asset.headers["Cache-Control"], "public, max-age=31536000, immutable", path)
            }
            let script = try XCTUnwrap(paths.first { $0.hasSuffix("/js/app.js") })
            XCTAssertEqual(try client.send(.get, script).headers["Content-Type"], "text/javascript; charset=utf-8")
            let hash = script.split(separator: "/")[1]
            let stale = script.replacingOccurrences(of: String(hash), with: String(repeating: "0", count: hash.count))
            XCTAssertEqual(try client.send(.get, stale).status, .notFound)
            let image = try client.send(.get, script.replacingOccurrences(of: "js/app.js", with: "leaflet/images/layers.png"))
            XCTAssertEqual(image.headers["Content-Type"], "image/png")
            XCTAssertEqual(Array(image.body.prefix(4)), [0x89, 0x50, 0x4E, 0x47])
        }
    }

    func testTheHomeScreenIconsAreServedAsPNGsOfTheSizesTheyClaim() throws {
        let test = try TestApp()
        try test.withClient { client in
            let manifest = try client.send(.get, "/manifest.webmanifest").decode(API.WebManifest.self)
            var icons: [(path: String, size: Int)] = manifest.icons.compactMap { icon in
                guard icon.type == "image/png", let side = Int(icon.sizes.split(separator: "x")[0]) else { return nil }
                return (icon.src, side)
            }
            XCTAssertEqual(icons.map(\.size).sorted(), [192, 512], "the PNG icons an installed app needs")
            let page = try client.send(.get, "/").text
            let touch = try XCTUnwrap(page.range(of: #"<link rel="apple-touch-icon" href="([^"]+)""#, options: .regularExpression))
            icons.append((String(page[touch].split(separator: "\"")[3]), 180))
            for icon in icons {
                let image = try client.send(.get, icon.path)
                XCTAssertEqual(image.status, .ok, icon.path)
                XCTAssertEqual(image.headers["Content-Type"], "image/png", icon.path)
                XCTAssertNil(image.headers["Content-Encoding"], "PNG is compressed already")
                let bytes = image.body
                XCTAssertEqual(Array(bytes.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], icon.path)
                XCTAssertGreaterThan(bytes.count, 24, icon.path)
                guard bytes.count > 24 else { continue }
                let width = bytes[16..<20].reduce(0) { $0 << 8 | Int($1) }
                let height = bytes[20..<24].reduce(0) { $0 << 8 | Int($1) }
                XCTAssertEqual([width, height], [icon.size, icon.size], icon.path)
            }
        }
    }

    func testAnUnchangedFileAnswers304AndGzipIsSentOnlyWhenAccepted() throws {
        let test = try TestApp()
        try test.withClient { client in
            let page = try client.send(.get, "/").text
            let script = try XCTUnwrap(assetPaths(in: page).first { $0.hasSuffix("/leaflet/leaflet.min.js") })
            let plain = try client.send(.get, script)
            XCTAssertNil(plain.headers["Content-Encoding"])
            XCTAssertEqual(plain.headers.values(for: "Vary"), ["Accept-Encoding"])
            let etag = try XCTUnwrap(plain.headers["ETag"])
            let gzipped = try client.send(.get, script, token: nil, headers: ["Accept-Encoding": "gzip"], body: [])
            XCTAssertEqual(gzipped.headers["Content-Encoding"], "gzip")
            XCTAssertLessThan(gzipped.body.count, plain.body.count / 2)
            XCTAssertEqual(try Gzip.decompress(gzipped.body, limitBytes: 1 << 24), plain.body)
            let again = try client.send(.get, script, token: nil, headers: ["If-None-Match": etag], body: [])
            XCTAssertEqual(again.status, .notModified)
            XCTAssertTrue(again.body.isEmpty)
            let root = try client.send(.get, "/")
            let revalidated = try client.send(.get, "/", token: nil, headers: ["If-None-Match": try XCTUnwrap(root.headers["ETag"])], body: [])
            XCTAssertEqual(revalidated.status, .notModified)
        }
    }

    func testWithoutATileURLThePageNamesNoTileServer() throws {
        let test = try TestApp { $0.webApp.tileURLTemplate = "" }
        try test.withClient { client in
            let page = try client.send(.get, "/")
            XCTAssertEqual(page.headers["Content-Security-Policy"]?.contains("img-src 'self' data: blob:;"), true)
            XCTAssertTrue(page.text.contains(#"<meta name="homeward-tiles" content="""#))
        }
    }

    func testTheTileServerOriginForThePolicy() {
        XCTAssertEqual(WebAppSettings().tileOrigin, "https://tile.openstreetmap.org")
        XCTAssertEqual(WebAppSettings(tileURLTemplate: "https://{s}.tiles.example.org:8443/{z}/{x}/{y}.png").tileOrigin,
                       "https://*.tiles.example.org:8443")
        XCTAssertNil(WebAppSettings(tileURLTemplate: "").tileOrigin)
        XCTAssertNil(WebAppSettings(tileURLTemplate: "/tiles/{z}/{x}/{y}.png").tileOrigin)
        XCTAssertNil(WebAppSettings(tileURLTemplate: "https://evil.example; script-src *").tileOrigin)
    }

    func testEveryFileAPageOrModuleLoadsIsEmbedded() throws {
        let bundle = WebAppBundle(settings: WebAppSettings())
        var checked = 0
        for (route, page) in bundle.pages {
            for path in assetPaths(in: String(decoding: page.bytes, as: UTF8.self)) {
                XCTAssertNotNil(bundle.assets[path], "\(route) loads \(path)")
                checked += 1
            }
        }
        let importPattern = try NSRegularExpression(pattern: #"from "(\.{1,2}/[^"]+)""#)
        for (path, asset) in bundle.assets where path.hasSuffix(".js") && !path.contains("/leaflet/") {
            let text = String(decoding: asset.bytes, as: UTF8.self)
            for match in importPattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                let relative = String(text[Range(match.range(at: 1), in: text)!])
                let resolved = URL(string: relative, relativeTo: URL(string: "http://app\(path)"))!.path
                XCTAssertNotNil(bundle.assets[resolved], "\(path) imports \(relative)")
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 30)
    }

    func testTheAppsOwnFilesStayUnder150KilobytesGzipped() {
        let bundle = WebAppBundle(settings: WebAppSettings())
        XCTAssertGreaterThan(bundle.appGzipBytes, 10_000, "the app is embedded")
        XCTAssertLessThan(bundle.appGzipBytes, appBudgetBytes)
    }

    func testTheAttributionIsEscapedInThePage() throws {
        let test = try TestApp { $0.webApp.tileAttribution = #"Tiles "A" & <b>B</b>"# }
        try test.withClient { client in
            XCTAssertTrue(try client.send(.get, "/").text.contains("Tiles &quot;A&quot; &amp; &lt;b&gt;B&lt;/b&gt;"))
        }
    }
}
