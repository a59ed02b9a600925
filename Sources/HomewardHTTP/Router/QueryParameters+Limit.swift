extension QueryParameters {
    /// The `limit` parameter of a paged list, by the one rule every list follows: a whole number from
    /// 1 to `maximum`, `defaultLimit` when absent; anything else is 400 naming `limit`, in the same
    /// words everywhere.
    public func limit(default defaultLimit: Int, maximum: Int) throws(HTTPError) -> Int {
        guard let text = self["limit"] else { return defaultLimit }
        guard let limit = Int(text), (1...maximum).contains(limit) else {
            throw .invalidRequest("limit must be a whole number from 1 to \(maximum).", field: "limit")
        }
        return limit
    }
}
