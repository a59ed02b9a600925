extension API {
    /// A guardian link as `/v1/links` answers it.
    struct Link: Decodable {
        /// The guardian's side.
        struct Guardian: Decodable {
            let id: String
            let name: String
        }

        /// The dependent's side.
        struct Dependent: Decodable {
            let id: String
            let name: String
            let phone: String
        }

        let id: String
        let guardian: Guardian
        let dependent: Dependent
        let createdAt: String
    }

    /// `GET /v1/links`: the caller's guardians and dependents.
    struct LinkList: Decodable {
        let guardians: [Link]
        let dependents: [Link]
    }

    /// The body of `POST /v1/links`: the dependent's phone and the code they set.
    struct LinkRequest: Encodable {
        let phone: String
        let code: String
        var country: String?
    }

    /// The answer to `GET /v1/me/verification-code`.
    struct CodeState: Decodable {
        let live: Bool
        let expiresAt: String?
    }

    /// The answer to `PUT /v1/me/verification-code`.
    struct VerificationCode: Decodable {
        let code: String
        let expiresAt: String
    }

    /// The body of `PUT /v1/me/verification-code`: a code of one's own (or none, to draw one) and
    /// how long it lives.
    struct CodeSetting: Encodable {
        var code: String?
        var ttlSeconds: Int?
    }
}
