/// What a webhook test saw: `{delivered, status?, httpVersion?, error?}`. A receiver that answered
/// with anything but a 2xx, or could not be reached, gives `delivered: false` with the reason.
public struct WebhookTestResult: Sendable, Codable, Equatable {
    /// True when the receiver answered with a 2xx.
    public var delivered: Bool
    /// The receiver's status code, if it answered.
    public var status: Int?
    /// `HTTP/1.1` or `HTTP/2`, if it answered.
    public var httpVersion: String?
    /// Why it was not delivered (a refused address, TLS, the network, or the status).
    public var error: String?

    /// The result of one attempt.
    init(_ result: Result<OutgoingResponse, OutgoingError>) {
        switch result {
        case .success(let response):
            delivered = response.isSuccess
            status = response.status
            httpVersion = response.httpVersion
            error = response.isSuccess ? nil : "HTTP \(response.status)"
        case .failure(let failure):
            delivered = false
            error = failure.description
        }
    }
}
