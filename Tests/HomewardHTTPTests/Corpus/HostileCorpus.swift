/// The smuggling and malformed-request corpora, replayed over a socket by `HostileCorpusTests`.
enum HostileCorpus {
    /// Request-smuggling attempts: ambiguous framing that a proxy and a server could read differently.
    static let smuggling: [HostileRequest] = [
        HostileRequest(
            name: "smuggling-cl-te.http",
            text: "POST /echo HTTP/1.1\r\nHost: a\r\nContent-Length: 6\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\nG",
            status: 400
        ),
        HostileRequest(
            name: "smuggling-te-cl.http",
            text: "POST /echo HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\nContent-Length: 4\r\n\r\n5c\r\nGPOST / HTTP/1.1\r\n\r\n0\r\n\r\n",
            status: 400
        ),
        HostileRequest(
            name: "smuggling-te-te-obfuscated.http",
            text: "POST /echo HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\nTransfer-Encoding: x\r\n\r\n0\r\n\r\n",
            status: 400
        ),
        HostileRequest(
            name: "smuggling-te-space-before-colon.http",
            text: "POST /echo HTTP/1.1\r\nHost: a\r\nTransfer-Encoding : chunked\r\n\r\n0\r\n\r\n",
            status: 400
        ),
        HostileRequest(
            name: "smuggling-te-obs-fold.http",
            text: "POST /echo HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: x\r\n chunked\r\n\r\n0\r\n\r\n",
            status: 400
        ),
        HostileRequest(
            name: "smuggling-te-vertical-tab.http",
            text: "POST /echo HTTP/1.1\r\nHost: a\r\nTransfer-Encoding:\u{0B}chunked\r\n\r\n0\r\n\r\n",
            status: 400
        ),
        HostileRequest(
            name: "smuggling-te-xchunked.http",
            text: "POST /echo HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: xchunked\r\n\r\n0\r\n\r\n",
            status: 501
        ),
        HostileRequest(
            name: "smuggling-te-http10.http",
            text: "POST /echo HTTP/1.0\r\nTransfer-Encoding: chunked\r\nContent-Length: 5\r\n\r\n0\r\n\r\n",
            status: 400
        ),
        HostileRequest(
            name: "smuggling-cl-list.http",
            text: "POST /echo HTTP/1.1\r\nHost: a\r\nContent-Length: 5, 6\r\n\r\nhello!",
            status: 400
        ),
        HostileRequest(
            name: "smuggling-cl-differing.http",
            text: "POST /echo HTTP/1.1\r\nHost: a\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\nhello!",
            status: 400
        ),
        HostileRequest(
            name: "smuggling-cl-junk.http",
            text: "POST /echo HTTP/1.1\r\nHost: a\r\nContent-Length: 5x\r\n\r\nhello",
            status: 400
        ),
        HostileRequest(
            name: "smuggling-cl-hex.http",
            text: "POST /echo HTTP/1.1\r\nHost: a\r\nContent-Length: 0x5\r\n\r\nhello",
            status: 400
        ),
        HostileRequest(
            name: "smuggling-cl-overflow.http",
            text: "POST /echo HTTP/1.1\r\nHost: a\r\nContent-Length: 18446744073709551621\r\n\r\nhello",
            status: 400
        ),
        HostileRequest(
            name: "smuggling-chunk-size-0x.http",
            text: "POST /echo HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n0x5\r\nhello\r\n0\r\n\r\n",
            status: 400
        ),
        HostileRequest(
            name: "smuggling-chunk-size-negative.http",
            text: "POST /echo HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n-1\r\nx\r\n0\r\n\r\n",
            status: 400
        ),
        HostileRequest(
            name: "smuggling-chunk-size-overflow.http",
            text: "POST /echo HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n10000000000000001\r\nx\r\n0\r\n\r\n",
            status: 400
        ),
        HostileRequest(
            name: "smuggling-chunk-bare-lf.http",
            text: "POST /echo HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n1\nx\n0\n\n",
            status: 400
        ),
        HostileRequest(
            name: "smuggling-chunk-ext-bare-cr.http",
            text: "POST /echo HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n1;a\rb\r\nx\r\n0\r\n\r\n",
            status: 400
        ),
        HostileRequest(
            name: "smuggling-chunk-data-overrun.http",
            text: "POST /echo HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nxyz\r\n0\r\n\r\n",
            status: 400
        ),
        HostileRequest(
            name: "smuggling-trailer-obs-fold.http",
            text: "POST /echo HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n0\r\nT: 1\r\n x\r\n\r\n",
            status: 400
        ),
        HostileRequest(
            name: "smuggling-host-case-duplicate.http",
            text: "GET /healthz HTTP/1.1\r\nHost: a\r\nhost: b\r\n\r\n",
            status: 400
        ),
        HostileRequest(
            name: "smuggling-header-bare-cr.http",
            text: "GET /healthz HTTP/1.1\r\nHost: a\r\nX: 1\rContent-Length: 5\r\n\r\nhello",
            status: 400
        ),
    ]

    /// Malformed requests: broken request lines, field lines and binary junk.
    static let malformed: [HostileRequest] = [
        HostileRequest(name: "malformed-method-only.http", text: "GET\r\n\r\n", status: 400),
        HostileRequest(name: "malformed-http09.http", text: "GET /\r\n\r\n", status: 400),
        HostileRequest(name: "malformed-version-suffix.http", text: "GET / HTTP/1.1 x\r\nHost: a\r\n\r\n", status: 400),
        HostileRequest(name: "malformed-tab-separator.http", text: "GET\t/ HTTP/1.1\r\nHost: a\r\n\r\n", status: 400),
        HostileRequest(name: "malformed-nul-in-method.http", text: "GE\u{0}T / HTTP/1.1\r\nHost: a\r\n\r\n", status: 400),
        HostileRequest(name: "malformed-tls-client-hello.http", text: "\u{16}\u{03}\u{01}\u{02}\u{00}\u{01}\u{00}\u{01}\u{FC}\u{03}\u{03}", status: 400),
        HostileRequest(name: "malformed-http2-preface.http", text: "PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n", status: 505),
        HostileRequest(name: "malformed-non-ascii-target.http", text: "GET /\u{C3}\u{A9} HTTP/1.1\r\nHost: a\r\n\r\n", status: 400),
        HostileRequest(name: "malformed-absolute-form-no-authority.http", text: "GET http:///x HTTP/1.1\r\nHost: a\r\n\r\n", status: 400),
        HostileRequest(name: "malformed-relative-target.http", text: "GET healthz HTTP/1.1\r\nHost: a\r\n\r\n", status: 400),
        HostileRequest(name: "malformed-whitespace-name.http", text: "GET / HTTP/1.1\r\nHost: a\r\n\t: x\r\n\r\n", status: 400),
        HostileRequest(name: "malformed-header-name-at.http", text: "GET / HTTP/1.1\r\nHost: a\r\nX@Y: x\r\n\r\n", status: 400),
        HostileRequest(name: "malformed-header-no-colon.http", text: "GET / HTTP/1.1\r\nHost: a\r\nX-A\r\n\r\n", status: 400),
        HostileRequest(name: "malformed-nul-in-value.http", text: "GET / HTTP/1.1\r\nHost: a\r\nX-A: \u{0}\r\n\r\n", status: 400),
        HostileRequest(name: "malformed-del-in-value.http", text: "GET / HTTP/1.1\r\nHost: a\r\nX-A: a\u{7F}b\r\n\r\n", status: 400),
        HostileRequest(
            name: "malformed-long-chunk-line.http",
            text: "POST /echo HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n1;" + String(repeating: "e", count: 5000) + "\r\nx\r\n0\r\n\r\n",
            status: 400
        ),
        HostileRequest(
            name: "malformed-long-header-name.http",
            text: "GET / HTTP/1.1\r\nHost: a\r\n" + String(repeating: "X", count: 17_000) + ": x\r\n\r\n",
            status: 431
        ),
        HostileRequest(
            name: "malformed-many-headers.http",
            text: "GET / HTTP/1.1\r\nHost: a\r\n" + (0..<101).map { "X-\($0): x\r\n" }.joined() + "\r\n",
            status: 431
        ),
    ]

    /// Both corpora.
    static var all: [HostileRequest] { smuggling + malformed }
}
