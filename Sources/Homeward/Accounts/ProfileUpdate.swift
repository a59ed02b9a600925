import HomewardHTTP

/// The `profile` of PATCH /v1/me: each field absent (kept), `null` (cleared) or a value (set). `age`
/// (in whole years, as Headache Tracker's sign-up asks it) sets `birthYear` to the current year less
/// the age; give one of the two.
struct ProfileUpdate: Decodable, Sendable {
    let birthYear: FieldPatch<Int>
    let age: FieldPatch<Int>
    let heightCm: FieldPatch<Int>
    let weightKg: FieldPatch<Double>
    let vehicleRegistration: FieldPatch<String>
    let responderNote: FieldPatch<String>

    private enum CodingKeys: String, CodingKey {
        case birthYear, age, heightCm, weightKg, vehicleRegistration, responderNote
    }

    /// The ages accepted, in whole years.
    static let ageRangeYears = 0...120

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        birthYear = try FieldPatch(.birthYear, in: container)
        age = try FieldPatch(.age, in: container)
        heightCm = try FieldPatch(.heightCm, in: container)
        weightKg = try FieldPatch(.weightKg, in: container)
        vehicleRegistration = try FieldPatch(.vehicleRegistration, in: container)
        responderNote = try FieldPatch(.responderNote, in: container)
    }

    /// `profile` with this update applied (not yet validated) in `currentYear`.
    func applied(to profile: Profile, currentYear: Int) throws(HTTPError) -> Profile {
        var birth = birthYear.applied(to: profile.birthYear)
        if case .unchanged = age {} else if case .unchanged = birthYear {} else {
            throw .invalidRequest("Give age or birthYear, not both.", field: "profile.age")
        }
        switch age {
        case .unchanged:
            break
        case .cleared:
            birth = nil
        case .set(let years):
            guard Self.ageRangeYears.contains(years) else {
                throw .invalidRequest(
                    "age must lie between \(Self.ageRangeYears.lowerBound) and \(Self.ageRangeYears.upperBound)", field: "profile.age")
            }
            birth = currentYear - years
        }
        return Profile(
            birthYear: birth,
            heightCm: heightCm.applied(to: profile.heightCm),
            weightKg: weightKg.applied(to: profile.weightKg),
            vehicleRegistration: vehicleRegistration.applied(to: profile.vehicleRegistration),
            responderNote: responderNote.applied(to: profile.responderNote)
        )
    }
}
