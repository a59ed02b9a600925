/// The answer of `GET /v1/dependents`.
struct DependentsResponse: Encodable {
    /// Everyone the caller guards, oldest link first.
    var dependents: [PersonView]
}
