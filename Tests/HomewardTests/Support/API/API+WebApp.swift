extension API {
    /// The web app's `/manifest.webmanifest`, as far as an installing browser reads it.
    struct WebManifest: Decodable {
        /// One home-screen icon.
        struct Icon: Decodable {
            let src: String
            let sizes: String
            let type: String?
        }

        let startURL: String
        let icons: [Icon]

        private enum CodingKeys: String, CodingKey {
            case startURL = "start_url"
            case icons
        }
    }
}
