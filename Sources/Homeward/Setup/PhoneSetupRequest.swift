import HomewardHTTP

/// The body of `POST /v1/accounts/{id}/phone-setup`: `{app, name?}`; the name of the device
/// defaults to "<app> phone".
struct PhoneSetupRequest: Decodable {
    var app: String
    var name: String?

    /// The app asked for; 400 for one we cannot set up.
    func validatedApp() throws(HTTPError) -> PhoneSetupApp {
        guard let app = PhoneSetupApp(rawValue: app) else {
            let known = PhoneSetupApp.allCases.map(\.rawValue).joined(separator: ", ")
            throw .invalidRequest("app must be one of \(known).", field: "app")
        }
        return app
    }
}
