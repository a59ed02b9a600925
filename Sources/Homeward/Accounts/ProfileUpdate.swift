/// The `profile` of PATCH /v1/me: each field absent (kept), `null` (cleared) or a value (set).
struct ProfileUpdate: Decodable, Sendable {
    let birthYear: FieldPatch<Int>
    let heightCm: FieldPatch<Int>
    let weightKg: FieldPatch<Double>
    let vehicleRegistration: FieldPatch<String>
    let responderNote: FieldPatch<String>

    private enum CodingKeys: String, CodingKey {
        case birthYear, heightCm, weightKg, vehicleRegistration, responderNote
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        birthYear = try FieldPatch(.birthYear, in: container)
        heightCm = try FieldPatch(.heightCm, in: container)
        weightKg = try FieldPatch(.weightKg, in: container)
        vehicleRegistration = try FieldPatch(.vehicleRegistration, in: container)
        responderNote = try FieldPatch(.responderNote, in: container)
    }

    /// `profile` with this update applied (not yet validated).
    func applied(to profile: Profile) -> Profile {
        Profile(
            birthYear: birthYear.applied(to: profile.birthYear),
            heightCm: heightCm.applied(to: profile.heightCm),
            weightKg: weightKg.applied(to: profile.weightKg),
            vehicleRegistration: vehicleRegistration.applied(to: profile.vehicleRegistration),
            responderNote: responderNote.applied(to: profile.responderNote)
        )
    }
}
