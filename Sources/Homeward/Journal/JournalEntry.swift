import Foundation

/// One journal entry as stored and as the API shows it; the fields of other kinds are nil.
public struct JournalEntry: Encodable, Sendable, Equatable {
    /// The opaque entry id.
    public let id: String
    /// What the entry records.
    public let kind: JournalKind
    /// When it happened (for sleep, the end unless the phone gave another time).
    public let t: Timestamp
    /// Water: millilitres drunk.
    public let millilitres: Int?
    /// Food: the dish; exercise: the activity.
    public let name: String?
    /// Food: servings eaten.
    public let servings: Double?
    /// Food: kcal per serving; exercise: kcal burned.
    public let calories: Double?
    /// Food: grams of carbohydrate per serving.
    public let carbs: Double?
    /// Food: grams of protein per serving.
    public let protein: Double?
    /// Food: grams of fat per serving.
    public let fat: Double?
    /// Exercise: minutes of activity.
    public let minutes: Int?
    /// Sleep: when it began.
    public let start: Timestamp?
    /// Sleep: when it ended; the day it ends is the day it counts for.
    public let end: Timestamp?
    /// When the server stored the entry.
    public let createdAt: Timestamp
    /// Water, exercise: what the person wrote about it.
    public var description: String?
    /// Water, food: a picture (JPEG or PNG), base64 in JSON.
    public var picture: [UInt8]?
    /// Exercise: an icon of the activity (JPEG or PNG), base64 in JSON.
    public var icon: [UInt8]?
    /// Food: the size of one serving, in the unit the app shows.
    public var servingSize: Double?

    private enum CodingKeys: String, CodingKey {
        case id, kind, t, millilitres, name, servings, calories, carbs, protein, fat, minutes, start, end, createdAt
        case description, picture, icon, servingSize
    }

    /// Encodes the fields that are set (pictures as base64).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(kind, forKey: .kind)
        try container.encode(t, forKey: .t)
        try container.encodeIfPresent(millilitres, forKey: .millilitres)
        try container.encodeIfPresent(name, forKey: .name)
        try container.encodeIfPresent(servings, forKey: .servings)
        try container.encodeIfPresent(calories, forKey: .calories)
        try container.encodeIfPresent(carbs, forKey: .carbs)
        try container.encodeIfPresent(protein, forKey: .protein)
        try container.encodeIfPresent(fat, forKey: .fat)
        try container.encodeIfPresent(minutes, forKey: .minutes)
        try container.encodeIfPresent(start, forKey: .start)
        try container.encodeIfPresent(end, forKey: .end)
        try container.encode(createdAt, forKey: .createdAt)
        try container.encodeIfPresent(description, forKey: .description)
        try container.encodeIfPresent(picture.map { Data($0).base64EncodedString() }, forKey: .picture)
        try container.encodeIfPresent(icon.map { Data($0).base64EncodedString() }, forKey: .icon)
        try container.encodeIfPresent(servingSize, forKey: .servingSize)
    }
}
