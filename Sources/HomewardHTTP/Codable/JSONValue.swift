/// A JSON value as the strict decoder reads it. Numbers keep their text, so that each field decides
/// whether the number fits it (`600.5` is no whole number of seconds, `1e309` no Double).
enum JSONValue {
    case null
    case bool(Bool)
    case number(String)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)

    /// What the value is, for messages: "a string", "an object".
    var kindDescription: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}
