import Foundation
import HomewardHTTP

/// The body of POST /v1/me/channels: `{kind, label?, alertTypes?}` and the settings object named after
/// the kind, which that kind's `NotificationChannel.Request` reads (`ntfy: {url, token?}`,
/// `email: {address}`, ...; `Channels.all` lists the kinds).
public struct ChannelRequest: Sendable, Decodable {
    /// What kind of channel.
    public var kind: ChannelKind
    /// The guardian's name for it.
    public var label: String?
    /// The alert types it carries; absent or null: every type.
    public var alertTypes: [AlertType]?
    /// The settings objects given, by the kind they are named after (more than one is refused).
    var settings: [String: any Sendable] = [:]

    private struct Key: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(_ name: String) { stringValue = name }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// Reads the kind, the label, the alert types and every settings object named after a kind.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        kind = try container.decode(ChannelKind.self, forKey: Key("kind"))
        label = try container.decodeIfPresent(String.self, forKey: Key("label"))
        alertTypes = try container.decodeIfPresent([AlertType].self, forKey: Key("alertTypes"))
        for channel in Channels.all {
            let key = Key(channel.kind.rawValue)
            guard container.contains(key), try !container.decodeNil(forKey: key) else { continue }
            settings[key.stringValue] = try channel.request(from: container.superDecoder(forKey: key))
        }
    }

    /// Whether `text` matches `pattern` as a whole (the same patterns as schema/openapi.yaml).
    static func matches(_ text: String, _ pattern: String) -> Bool {
        text.range(of: pattern, options: .regularExpression) != nil
    }

    /// Longest label.
    public static let maxLabelCharacters = 100
    /// Longest token (ntfy, Gotify).
    public static let maxTokenCharacters = 200

    /// Checks the request and returns what to store; 400 with the field at fault otherwise.
    public func validatedSettings() throws(HTTPError) -> ChannelSettings {
        try Self.validate(label: label)
        try Self.validate(alertTypes: alertTypes)
        let given = Channels.all.map { $0.kind.rawValue }.filter { settings[$0] != nil }
        guard given == [kind.rawValue], let request = settings[kind.rawValue],
              let checked = Channels.channel(named: kind.rawValue)?.validated(request) else {
            throw .invalidRequest("Give exactly one settings object, named after the kind: \(kind.rawValue).", field: kind.rawValue)
        }
        return try checked.get()
    }

    static func validate(label: String?) throws(HTTPError) {
        guard let label else { return }
        guard label.unicodeScalars.contains(where: { !spaces.contains($0) }), label.unicodeScalars.count <= maxLabelCharacters else {
            throw .invalidRequest("label must be 1 to \(maxLabelCharacters) characters, not only spaces.", field: "label")
        }
    }

    /// What counts as space in a label: the white space of JSON Schema's (ECMAScript's) `\s`, so the
    /// schema's `\S` pattern and the server agree.
    private static let spaces = CharacterSet(charactersIn: "\t\n\u{0B}\u{0C}\r \u{A0}\u{1680}\u{2028}\u{2029}\u{202F}\u{205F}\u{3000}\u{FEFF}")
        .union(CharacterSet(charactersIn: "\u{2000}"..."\u{200A}"))

    static func validate(alertTypes: [AlertType]?) throws(HTTPError) {
        guard let alertTypes else { return }
        guard !alertTypes.isEmpty, Set(alertTypes).count == alertTypes.count else {
            throw .invalidRequest("alertTypes must list one or more alert types, each once (null for every type).", field: "alertTypes")
        }
    }

    static func validate(token: String, field: String) throws(HTTPError) {
        guard (1...maxTokenCharacters).contains(token.count),
              token.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-_.~".contains($0)) }) else {
            throw .invalidRequest("\(field) must be 1 to \(maxTokenCharacters) letters, digits, -, _, . or ~.", field: field)
        }
    }
}

/// The body of PATCH /v1/me/channels/{id}: `{label?, alertTypes?}`; null clears (every alert type).
public struct ChannelUpdate: Sendable, Decodable {
    /// A new label, or null to remove it.
    var label: FieldPatch<String>
    /// New alert types, or null for every type.
    var alertTypes: FieldPatch<[AlertType]>

    private enum CodingKeys: String, CodingKey { case label, alertTypes }

    /// Reads the patch; absent keys are unchanged.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        label = try FieldPatch(.label, in: container)
        alertTypes = try FieldPatch(.alertTypes, in: container)
    }

    /// Checks the new values; 400 with the field at fault otherwise.
    func validate() throws(HTTPError) {
        if case .set(let label) = label { try ChannelRequest.validate(label: label) }
        if case .set(let types) = alertTypes { try ChannelRequest.validate(alertTypes: types) }
    }
}
