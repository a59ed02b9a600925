import Foundation
import HomewardHTTP
import HomewardHTTPTesting

extension HTTPTestClient {
    /// Sends `json` (if any) with the bearer `token` (if any).
    func send(_ method: HTTPMethod, _ target: String, token: String? = nil, json: String? = nil) throws -> HTTPTestResponse {
        try send(method, target, token: token, headers: json == nil ? [:] : ["Content-Type": "application/json"],
                 body: Array((json ?? "").utf8))
    }

    /// Sends `body` encoded as JSON with the bearer `token` (if any).
    func send(_ method: HTTPMethod, _ target: String, token: String? = nil, body: some Encodable) throws -> HTTPTestResponse {
        try send(method, target, token: token, headers: ["Content-Type": "application/json"], body: JSONBody.encode(body))
    }

    /// Sends `body` with `headers` and the bearer `token` (if any), each request on a connection of
    /// its own, so these tests speak about the API and not about keep-alive (HomewardHTTPTests do).
    func send(_ method: HTTPMethod, _ target: String, token: String?, headers: HTTPHeaders, body: [UInt8]) throws -> HTTPTestResponse {
        var headers = headers
        if let token { headers.add(name: "Authorization", value: "Bearer \(token)") }
        headers.add(name: "Connection", value: "close")
        return try execute(method, target, headers: headers, body: body)
    }

    /// Registers an account over HTTP and returns its id.
    func register(phone: String, password: String = "Correct-Horse-9", name: String = "Anna") throws -> String {
        try send(.post, "/v1/accounts", body: API.Registration(phone: phone, password: password, name: name))
            .decode(API.Account.self, expecting: .created).id
    }

    /// Logs in over HTTP and returns the token.
    func logIn(phone: String, password: String = "Correct-Horse-9", deviceName: String = "test") throws -> String {
        try send(.post, "/v1/sessions", body: API.Credentials(phone: phone, password: password, deviceName: deviceName))
            .decode(API.Login.self, expecting: .created).token
    }
}
