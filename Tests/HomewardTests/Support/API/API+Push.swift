extension API {
    /// `GET /v1/push/vapid-public-key`: the key browsers subscribe with.
    struct VAPIDPublicKey: Decodable {
        let publicKey: String
    }
}
