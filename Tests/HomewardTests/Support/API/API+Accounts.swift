@testable import Homeward

extension API {
    /// An account as `POST /v1/accounts`, `GET /v1/me` and a login answer it; times stay the wire's
    /// text so a test can check they are RFC 3339.
    struct Account: Decodable {
        let id: String
        let phone: String
        let name: String
        let createdAt: String
        let profile: Profile
        let hasAvatar: Bool
    }

    /// The answer to `POST /v1/sessions`.
    struct Login: Decodable {
        let token: String
        let expiresAt: String
        let account: Account
    }

    /// One session of `GET /v1/me/sessions`.
    struct Session: Decodable {
        let id: String
        let deviceName: String?
        let createdAt: String
        let lastUsedAt: String
        let expiresAt: String
        let current: Bool
    }

    /// `GET /v1/me/sessions`.
    struct SessionList: Decodable {
        let sessions: [Session]
    }

    /// The body of `POST /v1/accounts`.
    struct Registration: Encodable {
        let phone: String
        let password: String
        let name: String
    }

    /// The body of `POST /v1/sessions`.
    struct Credentials: Encodable {
        let phone: String
        let password: String
        var deviceName: String?
    }

    /// The body of `PUT /v1/me/password`.
    struct PasswordChange: Encodable {
        let currentPassword: String
        let newPassword: String
    }

    /// The body of `DELETE /v1/me`: the password, once more.
    struct PasswordConfirmation: Encodable {
        let password: String
    }

    /// The profile part of `PATCH /v1/me`; `age` stands for a birth year counted back from today.
    struct ProfileUpdate: Encodable {
        var age: Int?
        var birthYear: Int?
        var heightCm: Int?
        var weightKg: Double?
    }

    /// The body of `PATCH /v1/me`.
    struct AccountUpdate: Encodable {
        var name: String?
        var profile: ProfileUpdate?
    }
}
