/// The body of PATCH /v1/me: a new name, profile changes, or both.
struct AccountUpdateRequest: Decodable, Sendable {
    let name: String?
    let profile: ProfileUpdate?
}
