/// One small JSON value read from an import (a record, never the whole file).
enum JSONElement {
    case object([String: JSONElement])
    case array([JSONElement])
    case string(String)
    case number(Double)
    case bool(Bool)
    case null

    subscript(key: String) -> JSONElement? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    var number: Double? {
        switch self {
        case .number(let value): value
        case .string(let text): Double(text)
        default: nil
        }
    }

    var string: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    var array: [JSONElement]? {
        if case .array(let items) = self { return items }
        return nil
    }
}
