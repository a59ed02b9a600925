import Foundation

/// Which alert types a channel (or the webhook) carries, as stored: a JSON array of type names, or
/// NULL for every type.
enum AlertTypeSelection {
    /// The stored form of `types`.
    static func json(_ types: [AlertType]?) -> String? {
        types.map { "[" + $0.map { "\"\($0.rawValue)\"" }.joined(separator: ",") + "]" }
    }

    /// The types in the stored form; nil for every type (or a value that is not a list of types).
    static func types(_ json: String?) -> [AlertType]? {
        guard let json, let names = try? JSONDecoder().decode([String].self, from: Data(json.utf8)) else { return nil }
        return names.compactMap(AlertType.init(rawValue:))
    }

    /// Whether the stored selection carries `type`.
    static func carries(_ json: String?, _ type: AlertType) -> Bool {
        guard let types = types(json) else { return true }
        return types.contains(type)
    }
}
