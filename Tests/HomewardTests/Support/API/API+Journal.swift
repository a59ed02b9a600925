extension API {
    /// The body of `POST /v1/journal`: one entry of a kind with that kind's fields; times stay the
    /// wire's text, offsets included.
    struct JournalEntryRequest: Encodable {
        let kind: String
        var t: String?
        var start: String?
        var end: String?
        var millilitres: Int?
        var name: String?
        var servings: Double?
        var minutes: Int?
        var calories: Double?
        var carbs: Double?
        var protein: Double?
        var fat: Double?

        /// A drink of `millilitres` at `t`.
        static func water(at t: String, millilitres: Int) -> Self {
            Self(kind: "water", t: t, millilitres: millilitres)
        }

        /// `servings` of `name` eaten at `t`, with what the app knows of it.
        static func food(
            at t: String, name: String, servings: Double, calories: Double? = nil, carbs: Double? = nil,
            protein: Double? = nil, fat: Double? = nil
        ) -> Self {
            Self(kind: "food", t: t, name: name, servings: servings, calories: calories, carbs: carbs, protein: protein, fat: fat)
        }

        /// `minutes` of `name` begun at `t`, burning `calories`.
        static func exercise(at t: String, name: String, minutes: Int, calories: Double? = nil) -> Self {
            Self(kind: "exercise", t: t, name: name, minutes: minutes, calories: calories)
        }

        /// A sleep from `start` to `end`.
        static func sleep(from start: String, to end: String) -> Self {
            Self(kind: "sleep", start: start, end: end)
        }
    }
}
