import Foundation
import HomewardHTTP

/// The body of `POST /v1/journal`: `kind`, `t` and the fields of that kind (FourLife's: a water
/// entry's description and picture, a food's picture, serving size and macros, an exercise's
/// description and icon). Fields of another kind, and fields no kind has, are refused by name rather
/// than silently dropped, so a client bug shows at once.
struct JournalEntryRequest: Decodable, Sendable {
    let kind: JournalKind
    let t: Timestamp?
    let millilitres: Double?
    let name: String?
    let servings: Double?
    let calories: Double?
    let carbs: Double?
    let protein: Double?
    let fat: Double?
    let minutes: Double?
    let start: Timestamp?
    let end: Timestamp?
    let description: String?
    let picture: String?
    let icon: String?
    let servingSize: Double?

    /// The entry to store, or 400 naming the first field that breaks a rule.
    func validated(id: String, now: Timestamp) throws(HTTPError) -> JournalEntry {
        let latest = now.adding(milliseconds: JournalLimits.maxFutureSkewSeconds * Timestamp.millisecondsPerSecond)
        try refuseFields(foreignTo: kind)
        var time = t
        var trimmedName: String?
        switch kind {
        case .water:
            let amount = try wholeNumber(millilitres, "millilitres")
            guard (JournalLimits.minWaterMillilitres...JournalLimits.maxWaterMillilitres).contains(amount) else {
                throw .invalidRequest(
                    "millilitres must be from \(JournalLimits.minWaterMillilitres) to \(JournalLimits.maxWaterMillilitres)",
                    field: "millilitres")
            }
        case .food:
            trimmedName = try validName()
            let count = try required(servings, "servings")
            guard count > 0, count <= JournalLimits.maxServings else {
                throw .invalidRequest("servings must be more than 0 and at most \(Int(JournalLimits.maxServings))", field: "servings")
            }
            try check(calories, "calories", max: JournalLimits.maxCaloriesKilocalories)
            try check(carbs, "carbs", max: JournalLimits.maxMacroGrams)
            try check(protein, "protein", max: JournalLimits.maxMacroGrams)
            try check(fat, "fat", max: JournalLimits.maxMacroGrams)
        case .exercise:
            trimmedName = try validName()
            let duration = try wholeNumber(minutes, "minutes")
            guard (JournalLimits.minExerciseMinutes...JournalLimits.maxExerciseMinutes).contains(duration) else {
                throw .invalidRequest(
                    "minutes must be from \(JournalLimits.minExerciseMinutes) to \(JournalLimits.maxExerciseMinutes)",
                    field: "minutes")
            }
            try check(calories, "calories", max: JournalLimits.maxCaloriesKilocalories)
        case .sleep:
            let began = try required(start, "start")
            let ended = try required(end, "end")
            guard ended > began else { throw .invalidRequest("end must be after start", field: "end") }
            guard ended.unixMilliseconds - began.unixMilliseconds <= JournalLimits.maxSleepSeconds * Timestamp.millisecondsPerSecond else {
                throw .invalidRequest("a sleep lasts at most \(JournalLimits.maxSleepSeconds / 3600) hours", field: "end")
            }
            guard ended <= latest else { throw .invalidRequest("end must not be in the future", field: "end") }
            time = time ?? ended
        }
        let when = try required(time, "t")
        guard when <= latest else { throw .invalidRequest("t must not be in the future", field: "t") }
        if let servingSize, !(servingSize > 0 && servingSize <= JournalLimits.maxServingSize) {
            throw .invalidRequest("servingSize must be more than 0 and at most \(Int(JournalLimits.maxServingSize))", field: "servingSize")
        }
        if let description, description.unicodeScalars.count > JournalLimits.maxDescriptionCharacters {
            throw .invalidRequest("description must have at most \(JournalLimits.maxDescriptionCharacters) characters", field: "description")
        }
        let trimmedDescription = description?.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmedDescription?.isEmpty ?? false {
            throw .invalidRequest("description must have 1 to \(JournalLimits.maxDescriptionCharacters) characters", field: "description")
        }
        return JournalEntry(
            id: id, kind: kind, t: when, millilitres: millilitres.map { Int($0) }, name: trimmedName, servings: servings,
            calories: calories, carbs: carbs, protein: protein, fat: fat, minutes: minutes.map { Int($0) },
            start: start, end: end, createdAt: now, description: trimmedDescription,
            picture: try image(picture, "picture"), icon: try image(icon, "icon"), servingSize: servingSize
        )
    }

    /// The bytes of a base64 JPEG or PNG of at most `JournalLimits.maxPictureBytes`; 400 naming `field` otherwise.
    private func image(_ base64: String?, _ field: String) throws(HTTPError) -> [UInt8]? {
        guard let base64 else { return nil }
        guard let data = Data(base64Encoded: base64), let bytes = Optional(Array(data)),
              AvatarImage.mediaType(ofContent: bytes) != nil else {
            throw .invalidRequest("\(field) must be a base64 JPEG or PNG image", field: field)
        }
        guard bytes.count <= JournalLimits.maxPictureBytes else {
            throw .invalidRequest("\(field) must have at most \(JournalLimits.maxPictureBytes) bytes", field: field)
        }
        return bytes
    }

    private func refuseFields(foreignTo kind: JournalKind) throws(HTTPError) {
        let present: [(field: String, isSet: Bool, kinds: Set<JournalKind>)] = [
            ("millilitres", millilitres != nil, [.water]),
            ("name", name != nil, [.food, .exercise]),
            ("servings", servings != nil, [.food]),
            ("calories", calories != nil, [.food, .exercise]),
            ("carbs", carbs != nil, [.food]),
            ("protein", protein != nil, [.food]),
            ("fat", fat != nil, [.food]),
            ("minutes", minutes != nil, [.exercise]),
            ("start", start != nil, [.sleep]),
            ("end", end != nil, [.sleep]),
            ("description", description != nil, [.water, .exercise]),
            ("picture", picture != nil, [.water, .food]),
            ("icon", icon != nil, [.exercise]),
            ("servingSize", servingSize != nil, [.food]),
        ]
        for field in present where field.isSet && !field.kinds.contains(kind) {
            throw .invalidRequest("\(field.field) does not belong to a \(kind.rawValue) entry", field: field.field)
        }
    }

    private func validName() throws(HTTPError) -> String {
        let trimmed = try required(name, "name").trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty, trimmed.count <= JournalLimits.maxNameCharacters else {
            throw .invalidRequest("name must have 1 to \(JournalLimits.maxNameCharacters) characters", field: "name")
        }
        return trimmed
    }

    private func required<Value>(_ value: Value?, _ field: String) throws(HTTPError) -> Value {
        guard let value else { throw .invalidRequest("\(field) is required for a \(kind.rawValue) entry", field: field) }
        return value
    }

    private func wholeNumber(_ value: Double?, _ field: String) throws(HTTPError) -> Int {
        let number = try required(value, field)
        guard number.rounded() == number, abs(number) < Double(Int32.max) else {
            throw .invalidRequest("\(field) must be a whole number", field: field)
        }
        return Int(number)
    }

    private func check(_ value: Double?, _ field: String, max: Double) throws(HTTPError) {
        guard let value else { return }
        guard value >= 0, value <= max else {
            throw .invalidRequest("\(field) must be from 0 to \(Int(max))", field: field)
        }
    }
}
