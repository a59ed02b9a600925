import HomewardHTTP
import Foundation
import HomewardGeo

/// A learned place as the API shows it (`GET /v1/accounts/{id}/places`).
public struct PlaceResource: Sendable, Codable, Equatable {
    /// The place's id (its cell of the routine's grid: the same spot keeps the same id).
    public var id: String
    /// Latitude of the place's centre, in degrees.
    public var lat: Double
    /// Longitude of the place's centre, in degrees.
    public var lon: Double
    /// The name a guardian gave it.
    public var name: String?
    /// False when a guardian marked it not usual: being there is never on the routine.
    public var usual: Bool
    /// Distinct days the person stayed there.
    public var stayDays: Int
    /// Distinct days the person was there at all.
    public var days: Int
    /// The last day they were there (YYYY-MM-DD, the person's local date).
    public var lastSeenOn: String
    /// Hours of workdays (0–23) they were there.
    public var workdayHours: [Int]
    /// Hours of weekend days they were there.
    public var weekendHours: [Int]

    init(_ place: LearnedPlace, note: RoutineStore.PlaceNote?) {
        id = String(place.key)
        lat = place.center.lat
        lon = place.center.lon
        name = note?.name
        usual = note?.usual ?? true
        stayDays = place.stayDays
        days = place.days
        let (year, month, day) = Self.civilDate(dayNumber: place.lastDay)
        lastSeenOn = String(format: "%04d-%02d-%02d", year, month, day)
        workdayHours = place.workdayHours
        weekendHours = place.weekendHours
    }

    /// The proleptic Gregorian date of `dayNumber` days after 1970-01-01 (Howard Hinnant's algorithm).
    static func civilDate(dayNumber: Int) -> (Int, Int, Int) {
        let z = dayNumber + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}

/// The learned routine of one person: `GET /v1/accounts/{id}/places`.
public struct PlaceList: Sendable, Codable, Equatable {
    /// Whether the routine is learned for this person.
    public var learning: Bool
    /// Distinct days of history the routine holds.
    public var learnedDays: Int
    /// The places, most stayed at first.
    public var places: [PlaceResource]
}

/// `GET` and `PATCH /v1/accounts/{id}/routine`: whether the server learns the person's routine.
public struct RoutineSettingsResource: Sendable, Codable, Equatable {
    /// Whether the routine is learned (off: far from home stays conservative, shapes are judged alone).
    public var learning: Bool
}

/// The body of `PATCH /v1/accounts/{id}/places/{placeId}`: each field absent (kept) or set;
/// `name` may be `null` (cleared).
struct PlaceUpdate: Decodable, Sendable {
    let name: FieldPatch<String>
    let usual: Bool?

    private enum CodingKeys: String, CodingKey { case name, usual }

    /// The longest place name, in characters.
    static let maxNameCharacters = 100

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try FieldPatch(.name, in: container)
        usual = try container.decodeIfPresent(Bool.self, forKey: .usual)
    }

    /// `note` with this update applied, validated.
    func applied(to note: RoutineStore.PlaceNote) throws(HTTPError) -> RoutineStore.PlaceNote {
        var result = note
        result.name = name.applied(to: note.name)
        if let text = result.name {
            let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !trimmed.isEmpty, trimmed.count <= Self.maxNameCharacters else {
                throw .invalidRequest("name must hold 1 to \(Self.maxNameCharacters) characters.", field: "name")
            }
            result.name = trimmed
        }
        if let usual { result.usual = usual }
        return result
    }
}
