import HomewardStore

extension AccessPolicy {
    /// The account a read names with its optional `accountId` query parameter: the caller's own
    /// when absent, otherwise one the caller may read (self or a dependent); 404 for any other.
    func readableAccount(_ id: String?, by caller: Caller, in db: Database) throws -> AccountKey {
        guard let id else { return caller.accountKey }
        return try visibleAccount(id, to: caller, in: db)
    }
}
