/// Values for a statement's parameters: by position (`?`) or by name (`:name`).
public struct StatementArguments: Sendable, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral {
    /// Values for `?` parameters, in order.
    public var positional: [DatabaseValue]
    /// Values for named parameters, keyed by name with or without the leading colon.
    public var named: [String: DatabaseValue]

    /// Arguments by position.
    public init(_ values: [(any DatabaseValueConvertible)?]) {
        positional = values.map { $0?.databaseValue ?? .null }
        named = [:]
    }

    /// Arguments by position from stored values, without boxing each in an existential (for rows
    /// written in hot loops).
    public init(values: [DatabaseValue]) {
        positional = values
        named = [:]
    }

    /// Arguments by name (`["id": 1]` binds `:id`).
    public init(named values: [String: (any DatabaseValueConvertible)?]) {
        positional = []
        named = values.mapValues { $0?.databaseValue ?? .null }
    }

    /// Arguments by position: `[1, "text", nil]`.
    public init(arrayLiteral elements: (any DatabaseValueConvertible)?...) {
        self.init(elements)
    }

    /// Arguments by name: `["id": 1, "name": "Ada"]`.
    public init(dictionaryLiteral elements: (String, (any DatabaseValueConvertible)?)...) {
        self.init(named: Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }

    /// Whether there is nothing to bind.
    public var isEmpty: Bool { positional.isEmpty && named.isEmpty }
}
