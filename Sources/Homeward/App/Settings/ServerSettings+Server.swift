import HomewardHTTP
import Logging

extension ServerSettings {
    /// Listening, the HTTP server's threads and limits, logging and the addresses it is reached at.
    static let server: [ServerSetting] = [
        .value("host", \.host, "Address to listen on"),
        .value("port", \.port, "TCP port to listen on; 0 picks a free one", check: .between(0...65_535)),
        .value("event-loops", \.http.eventLoopCount,
               "I/O event-loop threads; the database's writer and finisher threads need the remaining core",
               shownDefault: "one per core but one (at least one)", check: .atLeast(1)),
        .value("workers", \.http.workerCount,
               "Worker threads for handlers that touch the database (location ingest, Overland and OsmAnd are answered from the database's finisher thread and do not hold one)",
               defaultNote: "most writes wait for their group commit", check: .atLeast(1)),
        .value("read-workers", \.http.readWorkerCount,
               "Worker threads of their own for GET and HEAD requests, so reads never wait behind writes; 0 shares the workers",
               check: .notNegative),
        .value("urgent-workers", \.http.urgentWorkerCount,
               "Worker threads of the urgent lane: SOS, countdowns, their cancel and acknowledgement, and nothing else",
               check: .atLeast(1)),
        .value("bulk-workers", \.http.bulkWorkerCount,
               "Worker threads of the bulk lane: password hashing (sign-up, login, password change, deletion), exports and streamed bodies",
               check: .atLeast(1)),
        .value("max-connections", \.http.maxConnections, "Open connections at most", check: .atLeast(1)),
        .value("max-queued-requests", \.http.maxQueuedRequests,
               "Requests waiting for a worker at most; more get 503 with Retry-After", check: .notNegative),
        .value("max-request-line-bytes", \.http.maxRequestLineBytes,
               "Bytes of a request line at most; longer gets 414", check: .atLeast(64)),
        .value("max-header-bytes", \.http.maxHeaderBytes, "Bytes of all header fields at most; more gets 431", check: .atLeast(256)),
        .value("max-header-count", \.http.maxHeaderCount, "Header fields at most; more gets 431", check: .atLeast(1)),
        .value("max-body-bytes", \.http.maxBodyBytes, "Bytes of a request body at most, as sent; more gets 413", check: .atLeast(1)),
        .value("max-decoded-body-bytes", \.http.maxDecodedBodyBytes,
               "Bytes of a gzip request body at most once decoded; more gets 413",
               check: .that("must be at least max-body-bytes") { bytes, configuration in bytes >= configuration.http.maxBodyBytes }),
        .value("header-read-timeout-seconds", \.http.headerReadTimeoutSeconds,
               "Seconds for a request head to arrive; slower gets 408", check: .positive),
        .value("body-read-timeout-seconds", \.http.bodyReadTimeoutSeconds, "Seconds for a request body to arrive", check: .positive),
        .value("idle-timeout-seconds", \.http.idleTimeoutSeconds, "Seconds an idle keep-alive connection stays open", check: .positive),
        .value("write-timeout-seconds", \.http.writeTimeoutSeconds, "Seconds a client may take to read a response", check: .positive),
        .value("shutdown-grace-seconds", \.http.shutdownGracePeriodSeconds,
               "Seconds in-flight requests get to finish at shutdown", check: .notNegative),
        .value("drain-seconds", \.drainSeconds,
               "Seconds between a stop signal and the shutdown during which `/readyz` answers 503 while requests are still served, so a load balancer moves new requests elsewhere first",
               defaultNote: "one node behind nothing needs none", check: .from(0...600)),
        .parsed("log-level", \.logLevel, "Minimum log level: trace, debug, info, notice, warning, error, critical",
                show: \.rawValue) { text in
            guard let level = Logger.Level(rawValue: text) else { throw SettingError("Unknown log level \(text).") }
            return level
        },
        .value("public-base-url", \.publicBaseURL,
               "Address clients reach the server at, put in front of share links, e.g. https://homeward.example.org; also what the verification code's QR code opens",
               defaultNote: "empty: relative links (https links from the request's Host when a trusted proxy says the client used TLS)"),
        .parsed("trusted-proxies", \.http.trustedProxies,
                "Reverse proxies (addresses or CIDR blocks, comma-separated, e.g. `127.0.0.1,10.0.0.0/8`) whose `X-Forwarded-For`, `Forwarded` and `X-Forwarded-Proto` are believed: the client is the right-most address of the chain that is not one of them, and `X-Forwarded-Proto: https` makes links https and `RequestContext.origin.isSecure` true",
                shownDefault: "empty: none", show: { _ in "" }) { text in
            guard let proxies = TrustedProxies(parsing: text) else {
                throw SettingError("trusted-proxies must be IP addresses or CIDR blocks separated by commas: \(text)")
            }
            return proxies
        },
        .value("metrics-token", \.metricsToken,
               "Bearer token `GET /metrics` asks for (anyone else gets 401); without one, a request through a proxy or from another machine gets 404",
               defaultNote: "empty: `/metrics` only for loopback clients that came straight to the socket"),
        .value("map-tile-url", \.webApp.tileURLTemplate,
               "The web app's map tiles (a Leaflet URL template with `{z}`, `{x}`, `{y}`, optionally `{s}`); its origin is allowed in the pages' Content-Security-Policy. `--map-tile-url \"\"` draws positions on a plain background, e.g. offline"),
        .value("map-tile-attribution", \.webApp.tileAttribution, "The credit shown on the map for the tiles"),
    ]
}
