import HomewardHTTP

extension ValidationError {
    /// This error as a 400 `invalid_request` naming the JSON path of the field at fault.
    func httpError(field: String) -> HTTPError {
        .invalidRequest(message, field: field)
    }
}
