/// A page of a list response: the items and, when more follow, the cursor of the next page.
struct ListPage<Item: Sendable>: Sendable {
    /// The items of this page, oldest first.
    let items: [Item]
    /// Where the next page starts; nil on the last page.
    let nextCursor: ListCursor?
}

extension ListPage {
    /// The page of at most `limit` items that `fetch` gives when asked for one more (its argument):
    /// the extra item only tells that a next page follows, which starts after the last item shown
    /// (`cursor` of it). Every list pages this way.
    static func fetching(
        limit: Int, _ fetch: (_ fetchLimit: Int) throws -> [Item], cursor: (Item) -> ListCursor
    ) rethrows -> ListPage {
        let fetched = try fetch(limit + 1)
        guard fetched.count > limit else { return ListPage(items: fetched, nextCursor: nil) }
        let items = Array(fetched.prefix(limit))
        return ListPage(items: items, nextCursor: items.last.map(cursor))
    }
}
