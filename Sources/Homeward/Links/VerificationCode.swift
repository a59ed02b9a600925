/// A verification code as its owner sees it once, when setting it: the code, when it expires, its
/// kind and how many guardians it can link.
struct VerificationCode: Encodable, Sendable {
    /// Who made the code, which says how many guardians it links.
    enum Kind: String, Encodable, Sendable {
        /// The server drew it: the first guardian to link spends it.
        case drawn
        /// The person chose it: several guardians link with it, each shown to the person.
        case chosen
    }

    let code: String
    let expiresAt: Timestamp
    let kind: Kind
    /// Guardians who can link with it in all.
    let maxGuardians: Int
}
