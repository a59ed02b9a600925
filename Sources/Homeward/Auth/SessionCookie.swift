import Foundation
import HomewardHTTP

/// The web app's session: the same session token a phone gets from `POST /v1/sessions`, carried in
/// an HttpOnly, SameSite=Strict cookie (Secure when the request came over https) so page scripts
/// never see it, and a CSRF token derived from it that scripts send in `X-CSRF-Token` on every
/// request that changes something.
public enum SessionCookie {
    /// The cookie's name.
    public static let name = "homeward_session"
    /// The header that carries the CSRF token.
    public static let csrfHeader = "X-CSRF-Token"

    /// The session token in the `Cookie` fields of `headers`, if there is one.
    static func token(in headers: HTTPHeaders) -> String? {
        for field in headers.values(for: "Cookie") {
            for pair in field.split(separator: ";") {
                let trimmed = pair.trimmingCharacters(in: .whitespaces)
                guard trimmed.hasPrefix(name + "=") else { continue }
                let value = String(trimmed.dropFirst(name.count + 1))
                if !value.isEmpty { return value }
            }
        }
        return nil
    }

    /// The CSRF token of the session whose token is `token`: an HMAC of a fixed label keyed by the
    /// session token, so it needs no storage, dies with the session and does not reveal the token.
    public static func csrfToken(forSessionToken token: String) -> String {
        Base64URL.encode(SecretDigest.hmacSHA256(Array("homeward-csrf".utf8), key: Array(token.utf8)))
    }

    /// Whether `method` may change state, so a cookie-authenticated request with it needs the CSRF token.
    static func needsCSRFToken(_ method: HTTPMethod) -> Bool {
        method != .get && method != .head && method != .options
    }

    /// Whether the browser says a request came from another site: `Sec-Fetch-Site: cross-site`, or,
    /// from a browser too old to send that, an `Origin` that is not the address the request was sent
    /// to (its `Host`). A change made with the cookie from another site is refused even with a CSRF
    /// token, which a page of ours could have leaked; requests without either header (not from a
    /// browser) are left to the CSRF token.
    static func isCrossSite(_ headers: HTTPHeaders) -> Bool {
        if let site = headers["Sec-Fetch-Site"] { return site.lowercased() == "cross-site" }
        guard let origin = headers["Origin"] else { return false }
        guard let separator = origin.range(of: "://"), let host = headers["Host"] else { return true }
        return origin[separator.upperBound...].lowercased() != host.lowercased()
    }

    /// The `Set-Cookie` value that stores `token` for `maxAgeSeconds`.
    static func setting(_ token: String, maxAgeSeconds: Int, secure: Bool) -> String {
        "\(name)=\(token); Path=/; Max-Age=\(maxAgeSeconds); HttpOnly; SameSite=Strict" + (secure ? "; Secure" : "")
    }

    /// The `Set-Cookie` value that removes the cookie.
    static func clearing(secure: Bool) -> String {
        setting("", maxAgeSeconds: 0, secure: secure)
    }
}
