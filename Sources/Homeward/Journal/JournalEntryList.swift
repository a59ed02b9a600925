/// The body of `GET /v1/journal`.
struct JournalEntryList: Encodable, Sendable {
    /// The entries of this page, oldest first.
    let entries: [JournalEntry]
    /// The cursor of the next page; absent on the last page.
    let nextCursor: String?
}
