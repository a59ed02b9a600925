/// A JSON object in document order, and the keys the decoding types asked for: what is left over
/// once a request is decoded is an unknown field.
final class JSONObject {
    /// The members in the order of the body.
    let members: [(key: String, value: JSONValue)]
    /// The member index of each key (keys are unique: the parser refuses a repeated one).
    private let positions: [String: Int]
    /// The keys some decoding type looked at (`contains`, `decode`, `decodeNil`, nested containers).
    private(set) var askedKeys: Set<String> = []
    /// Whether a decoding type read this object as a keyed container at all.
    private(set) var wasRead = false

    /// An object of `members`, whose keys are unique.
    init(members: [(key: String, value: JSONValue)], positions: [String: Int]) {
        self.members = members
        self.positions = positions
    }

    /// Notes that a type reads this object by key.
    func markRead() { wasRead = true }

    /// The value of `key`, noting that it was asked for.
    func value(for key: String) -> JSONValue? {
        askedKeys.insert(key)
        return positions[key].map { members[$0].value }
    }

    /// Every key of the body, none of them asked for yet.
    var keys: [String] { members.map(\.key) }
}
