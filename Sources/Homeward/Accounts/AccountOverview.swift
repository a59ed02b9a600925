/// An account as views and tracking clients name a person: its id, name and when it was last heard
/// from (an authenticated request; nil if never since that was recorded).
struct AccountOverview: Sendable {
    let id: String
    let name: String
    let lastSeenAt: Timestamp?
}
