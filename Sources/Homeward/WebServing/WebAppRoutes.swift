import HomewardHTTP

/// The guardian web app: its pages (`/`, `/trip`, `/shared`, the service worker and the manifest)
/// and its hashed assets, answered on the I/O thread from memory.
func registerWebAppRoutes(on router: inout Router, settings: WebAppSettings) {
    let bundle = WebAppBundle(settings: settings)
    for (route, page) in bundle.pages {
        router.get(route, execution: .inline) { context in page.response(to: context.request) }
    }
    for (path, asset) in bundle.assets {
        router.get(path, execution: .inline) { context in asset.response(to: context.request) }
    }
}
