extension API {
    /// The one error envelope every refusal is sent with: `{"error":{"code","message","field"}}`.
    struct ErrorEnvelope: Decodable {
        /// What went wrong, and which field when one is to blame.
        struct Body: Decodable {
            let code: String
            let message: String
            let field: String?
        }

        let error: Body
    }
}
