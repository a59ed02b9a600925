@testable import Homeward

extension API {
    /// A fix as the views answer it (`/location`, `/locations`, `/v1/dependents`).
    struct Location: Decodable, Equatable {
        let t: Timestamp
        let lat: Double
        let lon: Double
        let accuracy: Double?
        let altitude: Double?
        let speed: Double?
        let heading: Double?
        let battery: Double?
        /// Why the fix was flagged, when history is asked with flagged fixes.
        let flags: [String]?
    }

    /// What a person is doing, as the views answer it; `zone` and `wandering` are always sent,
    /// as a value or null.
    struct Status: Decodable {
        let state: String
        let lastSeenSeconds: Int?
        let zone: Nullable<String>
        let wandering: Nullable<PersonStatus.Wandering>
        let lastSeenAt: Timestamp?
        let distanceFromHome: Double?
        let reporting: Reporting?
    }

    /// How a phone reports, within a status: every field is sent, unknown ones as null.
    struct Reporting: Decodable {
        let state: String
        let motion: Nullable<String>
        let usualIntervalSeconds: Nullable<Int>
        let silentAfterSeconds: Int
        let batteryPercent: Nullable<Double>
        let batteryEmptyAt: Nullable<String>
        let batteryRanOut: Bool
    }

    /// One person of `GET /v1/dependents`, or `GET /v1/accounts/{id}/location`.
    struct Person: Decodable {
        let account: AccountSummary
        let location: Nullable<Location>
        let status: Status
        let motionToday: MotionTotals
    }

    /// `GET /v1/dependents`.
    struct Dependents: Decodable {
        let dependents: [Person]
    }

    /// A page of `GET /v1/accounts/{id}/locations`.
    struct HistoryPage: Decodable {
        let locations: [Location]
        let nextCursor: String?
    }

    /// One day of `GET /v1/accounts/{id}/motion/daily`.
    struct DailyMotion: Decodable {
        let date: String
        let steps: Int
        let distance: Double
        let activeMinutes: Int
    }

    /// `GET /v1/accounts/{id}/motion/daily`.
    struct DailyMotionList: Decodable {
        let days: [DailyMotion]
    }
}
