/// A value that is valid JSON but does not fit its field (`600.5` for whole seconds, `1e309`, a
/// number beyond the field's integer type): a 400 naming the field.
struct JSONFieldError: Error {
    /// Where the value is.
    let codingPath: [any CodingKey]
    /// What is wrong with it, after the field's name: "must be a whole number".
    let problem: String
}
