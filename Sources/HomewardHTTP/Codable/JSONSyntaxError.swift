/// Why a body is not RFC 8259 JSON, and where: becomes a 400 that says both.
struct JSONSyntaxError: Error, Equatable {
    /// What was wrong, e.g. "a trailing comma".
    let problem: String
    /// The byte offset in the body where it was found.
    let offset: Int
}
