/// The parsed request line: `method SP request-target SP HTTP-version`.
struct RequestLine {
    let method: HTTPMethod
    let target: String
    let path: String
    let query: String
    let version: HTTPVersion

    /// Parses a request line (without its CRLF), strictly: single spaces, token method, visible
    /// target in origin, absolute or asterisk form, `HTTP/1.x` version.
    static func parse(_ line: UnsafeRawBufferPointer) -> Result<RequestLine, HTTPError> {
        guard let firstSpace = line.firstIndex(of: 0x20), firstSpace > 0 else {
            return .failure(.invalidRequest("The request line is malformed."))
        }
        guard let secondSpace = line[(firstSpace + 1)...].firstIndex(of: 0x20), secondSpace > firstSpace + 1 else {
            return .failure(.invalidRequest("The request line is malformed."))
        }
        for index in 0..<firstSpace where !ByteClass.isToken(line[index]) {
            return .failure(.invalidRequest("The method is not a token."))
        }
        for index in (firstSpace + 1)..<secondSpace where !ByteClass.isTarget(line[index]) {
            return .failure(.invalidRequest("The request target contains an invalid character."))
        }
        let version: HTTPVersion
        switch parseVersion(UnsafeRawBufferPointer(rebasing: line[(secondSpace + 1)...])) {
        case .failure(let error): return .failure(error)
        case .success(let parsed): version = parsed
        }
        let method = knownMethod(UnsafeRawBufferPointer(rebasing: line[0..<firstSpace]))
        let targetBytes = UnsafeRawBufferPointer(rebasing: line[(firstSpace + 1)..<secondSpace])
        guard let target = originForm(of: targetBytes, method: method) else {
            return .failure(.invalidRequest("The request target is invalid."))
        }
        let path: String
        let query: String
        if let question = target.utf8.firstIndex(of: UInt8(ascii: "?")) {
            path = String(target[..<question])
            query = String(target[target.utf8.index(after: question)...])
        } else {
            path = target
            query = ""
        }
        return .success(RequestLine(method: method, target: target, path: path, query: query, version: version))
    }

    private static func parseVersion(_ bytes: UnsafeRawBufferPointer) -> Result<HTTPVersion, HTTPError> {
        guard bytes.count >= 6, bytes[0..<5].elementsEqual("HTTP/".utf8) else {
            return .failure(.invalidRequest("The HTTP version is malformed."))
        }
        let major = bytes[5]
        guard major >= 0x30 && major <= 0x39 else { return .failure(.invalidRequest("The HTTP version is malformed.")) }
        let hasMinor = bytes.count == 8 && bytes[6] == UInt8(ascii: ".") && bytes[7] >= 0x30 && bytes[7] <= 0x39
        guard bytes.count == 6 || hasMinor else { return .failure(.invalidRequest("The HTTP version is malformed.")) }
        if major != UInt8(ascii: "1") { return .failure(.versionNotSupported) }
        guard hasMinor else { return .failure(.invalidRequest("The HTTP version is malformed.")) }
        return .success(bytes[7] == UInt8(ascii: "0") ? .http1_0 : .http1_1)
    }

    private static func knownMethod(_ bytes: UnsafeRawBufferPointer) -> HTTPMethod {
        switch bytes.count {
        case 3 where bytes.elementsEqual("GET".utf8): return .get
        case 3 where bytes.elementsEqual("PUT".utf8): return .put
        case 4 where bytes.elementsEqual("POST".utf8): return .post
        case 4 where bytes.elementsEqual("HEAD".utf8): return .head
        case 5 where bytes.elementsEqual("PATCH".utf8): return .patch
        case 6 where bytes.elementsEqual("DELETE".utf8): return .delete
        default: return HTTPMethod(String(decoding: bytes, as: UTF8.self))
        }
    }

    /// The origin-form of a target: itself when it starts with `/`, `*` for OPTIONS, or the path and
    /// query of an absolute-form `http(s)://authority/path?query`.
    private static func originForm(of target: UnsafeRawBufferPointer, method: HTTPMethod) -> String? {
        if target[0] == UInt8(ascii: "/") { return String(decoding: target, as: UTF8.self) }
        if target.count == 1 && target[0] == UInt8(ascii: "*") { return method == .options ? "*" : nil }
        let schemeLength: Int
        if ByteClass.equalsPrefix(target, "http://") {
            schemeLength = 7
        } else if ByteClass.equalsPrefix(target, "https://") {
            schemeLength = 8
        } else {
            return nil
        }
        let authorityAndPath = target[schemeLength...]
        guard let pathStart = authorityAndPath.firstIndex(where: { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") }) else {
            return authorityAndPath.isEmpty ? nil : "/"
        }
        guard pathStart > schemeLength else { return nil }
        let pathAndQuery = String(decoding: UnsafeRawBufferPointer(rebasing: target[pathStart...]), as: UTF8.self)
        return target[pathStart] == UInt8(ascii: "/") ? pathAndQuery : "/" + pathAndQuery
    }
}
