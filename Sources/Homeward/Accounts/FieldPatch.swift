/// How a PATCH changes one optional field: an absent key leaves it, `null` clears it, a value sets it.
enum FieldPatch<Value: Decodable & Sendable>: Sendable {
    /// The key was absent: keep the current value.
    case unchanged
    /// The key was `null`: remove the value.
    case cleared
    /// The key had a value: replace the current one.
    case set(Value)

    /// Reads the patch of `key` from `container`.
    init<Key: CodingKey>(_ key: Key, in container: KeyedDecodingContainer<Key>) throws {
        if !container.contains(key) {
            self = .unchanged
        } else if try container.decodeNil(forKey: key) {
            self = .cleared
        } else {
            self = .set(try container.decode(Value.self, forKey: key))
        }
    }

    /// The value after the patch, given the value before.
    func applied(to current: Value?) -> Value? {
        switch self {
        case .unchanged: current
        case .cleared: nil
        case .set(let value): value
        }
    }
}
