/// A page of a list response: the items and, when more follow, the cursor of the next page.
struct ListPage<Item: Sendable>: Sendable {
    /// The items of this page, oldest first.
    let items: [Item]
    /// Where the next page starts; nil on the last page.
    let nextCursor: ListCursor?
}
