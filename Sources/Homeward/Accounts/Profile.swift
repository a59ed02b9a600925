import Foundation
import HomewardHTTP

/// What a person chooses to tell the people who watch them, beside their name; every field is
/// optional and left out of JSON when not set. Guardians, companions and share links that include
/// it see it; first responders are the reason it exists.
public struct Profile: Codable, Sendable, Equatable {
    /// Year of birth.
    public var birthYear: Int?
    /// Height in centimetres.
    public var heightCm: Int?
    /// Weight in kilograms.
    public var weightKg: Double?
    /// Licence plate of the vehicle the person drives.
    public var vehicleRegistration: String?
    /// Free text for first responders: conditions, medication, who to call.
    public var responderNote: String?

    /// The earliest birth year accepted.
    public static let minBirthYear = 1900
    /// The range of heights accepted, in centimetres.
    public static let heightRangeCm = 30...300
    /// The range of weights accepted, in kilograms.
    public static let weightRangeKg = 1.0...500.0
    /// The longest vehicle registration, in characters.
    public static let maxVehicleRegistrationCharacters = 20
    /// The longest responder note, in characters.
    public static let maxResponderNoteCharacters = 1000

    /// Creates a profile.
    public init(
        birthYear: Int? = nil, heightCm: Int? = nil, weightKg: Double? = nil,
        vehicleRegistration: String? = nil, responderNote: String? = nil
    ) {
        self.birthYear = birthYear
        self.heightCm = heightCm
        self.weightKg = weightKg
        self.vehicleRegistration = vehicleRegistration
        self.responderNote = responderNote
    }

    /// Throws 400 naming the first field (as `profile.<field>`) outside its range; the texts come
    /// back trimmed of surrounding white space, an empty text meaning "not set".
    func validated(currentYear: Int) throws(HTTPError) -> Profile {
        var profile = self
        if let birthYear, !(Self.minBirthYear...currentYear).contains(birthYear) {
            throw .invalidRequest(
                "birthYear must lie between \(Self.minBirthYear) and \(currentYear)", field: "profile.birthYear")
        }
        if let heightCm, !Self.heightRangeCm.contains(heightCm) {
            throw .invalidRequest(
                "heightCm must lie between \(Self.heightRangeCm.lowerBound) and \(Self.heightRangeCm.upperBound)",
                field: "profile.heightCm")
        }
        if let weightKg, !Self.weightRangeKg.contains(weightKg) {
            throw .invalidRequest(
                "weightKg must lie between \(Self.weightRangeKg.lowerBound) and \(Self.weightRangeKg.upperBound)",
                field: "profile.weightKg")
        }
        profile.vehicleRegistration = try Self.validatedText(
            vehicleRegistration, maxCharacters: Self.maxVehicleRegistrationCharacters, field: "vehicleRegistration")
        profile.responderNote = try Self.validatedText(
            responderNote, maxCharacters: Self.maxResponderNoteCharacters, field: "responderNote")
        return profile
    }

    private static func validatedText(_ text: String?, maxCharacters: Int, field: String) throws(HTTPError) -> String? {
        guard let trimmed = text?.trimmingCharacters(in: .whitespacesAndNewlines), !trimmed.isEmpty else { return nil }
        guard trimmed.count <= maxCharacters else {
            throw .invalidRequest("\(field) must have at most \(maxCharacters) characters", field: "profile.\(field)")
        }
        return trimmed
    }
}
