/// Header fields in arrival order, looked up case-insensitively.
public struct HTTPHeaders: Sendable, Sequence, ExpressibleByDictionaryLiteral {
    /// The fields, in order.
    public private(set) var fields: [(name: String, value: String)]

    /// Creates headers from name-value pairs, keeping their order.
    public init(_ fields: [(name: String, value: String)] = []) {
        self.fields = fields
    }

    /// Creates headers from a literal such as `["Content-Type": "application/json"]`.
    public init(dictionaryLiteral elements: (String, String)...) {
        fields = elements.map { (name: $0.0, value: $0.1) }
    }

    /// The value of the first field named `name`, if any.
    public subscript(name: String) -> String? {
        for field in fields where Self.equalsIgnoringCase(field.name, name) {
            return field.value
        }
        return nil
    }

    /// Every value of the fields named `name`, in order.
    public func values(for name: String) -> [String] {
        fields.filter { Self.equalsIgnoringCase($0.name, name) }.map(\.value)
    }

    /// Whether a field named `name` is present.
    public func contains(_ name: String) -> Bool {
        fields.contains { Self.equalsIgnoringCase($0.name, name) }
    }

    /// The number of fields.
    public var count: Int { fields.count }

    /// Appends a field, keeping any others of that name.
    public mutating func add(name: String, value: String) {
        fields.append((name: name, value: value))
    }

    /// Replaces every field named `name` with one field.
    public mutating func replaceOrAdd(name: String, value: String) {
        remove(name: name)
        add(name: name, value: value)
    }

    /// Removes every field named `name`.
    public mutating func remove(name: String) {
        fields.removeAll { Self.equalsIgnoringCase($0.name, name) }
    }

    /// Iterates the fields in order.
    public func makeIterator() -> IndexingIterator<[(name: String, value: String)]> {
        fields.makeIterator()
    }

    /// ASCII case-insensitive comparison, which is what header names need. Names of other lengths
    /// (most of those a lookup passes) are told apart without reading a byte.
    static func equalsIgnoringCase(_ lhs: String, _ rhs: String) -> Bool {
        guard lhs.utf8.count == rhs.utf8.count else { return false }
        var lhsBytes = lhs.utf8.makeIterator()
        var rhsBytes = rhs.utf8.makeIterator()
        while true {
            switch (lhsBytes.next(), rhsBytes.next()) {
            case (nil, nil):
                return true
            case let (left?, right?):
                if left != right && ByteClass.lowercased(left) != ByteClass.lowercased(right) { return false }
            default:
                return false
            }
        }
    }
}
