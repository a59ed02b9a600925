import Synchronization

/// Counters of the HTTP layer, rendered in the Prometheus text exposition format: requests by
/// route template and status, a latency histogram, open connections and bytes in and out.
public final class HTTPMetrics: Sendable {
    private struct RequestKey: Hashable {
        let method: String
        let template: String
        let status: Int
    }

    private struct RequestCounts {
        var requests: [RequestKey: Int] = [:]
        var latencyBucketCounts = [Int](repeating: 0, count: HTTPMetrics.latencyBucketBoundsSeconds.count)
        var latencyCount = 0
        var latencySumSeconds = 0.0
    }

    /// Upper bounds of the latency histogram's buckets, in seconds.
    public static let latencyBucketBoundsSeconds: [Double] = [
        0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10,
    ]

    private let counts = Mutex(RequestCounts())
    private let openConnections = Atomic<Int>(0)
    private let receivedBytes = Atomic<Int>(0)
    private let sentBytes = Atomic<Int>(0)

    /// Creates zeroed metrics.
    public init() {}

    /// The number of connections open now.
    public var openConnectionCount: Int { openConnections.load(ordering: .relaxed) }

    /// The number of requests answered with `status` on `template` so far.
    public func requestCount(method: HTTPMethod, template: String, status: Int) -> Int {
        counts.withLock { $0.requests[RequestKey(method: method.rawValue, template: template, status: status)] ?? 0 }
    }

    func recordRequest(method: HTTPMethod, template: String, status: Int, durationSeconds: Double) {
        let bucket = Self.latencyBucketBoundsSeconds.firstIndex { durationSeconds <= $0 }
        counts.withLock { counts in
            counts.requests[RequestKey(method: method.rawValue, template: template, status: status), default: 0] += 1
            if let bucket { counts.latencyBucketCounts[bucket] += 1 }
            counts.latencyCount += 1
            counts.latencySumSeconds += durationSeconds
        }
    }

    func connectionOpened() { openConnections.add(1, ordering: .relaxed) }

    func connectionClosed() { openConnections.subtract(1, ordering: .relaxed) }

    func addReceivedBytes(_ count: Int) { receivedBytes.add(count, ordering: .relaxed) }

    func addSentBytes(_ count: Int) { sentBytes.add(count, ordering: .relaxed) }

    /// The metrics in the Prometheus text exposition format (version 0.0.4).
    public func renderPrometheus() -> String {
        let snapshot = counts.withLock { $0 }
        var text = "# HELP homeward_http_requests_total HTTP requests answered, by method, route and status.\n"
        text += "# TYPE homeward_http_requests_total counter\n"
        let keys = snapshot.requests.keys.sorted { ($0.template, $0.method, $0.status) < ($1.template, $1.method, $1.status) }
        for key in keys {
            text += "homeward_http_requests_total{method=\"\(Self.escaped(key.method))\",route=\"\(Self.escaped(key.template))\",status=\"\(key.status)\"} \(snapshot.requests[key] ?? 0)\n"
        }
        text += "# HELP homeward_http_request_duration_seconds Time from a complete request to its response.\n"
        text += "# TYPE homeward_http_request_duration_seconds histogram\n"
        var cumulative = 0
        for (index, bound) in Self.latencyBucketBoundsSeconds.enumerated() {
            cumulative += snapshot.latencyBucketCounts[index]
            text += "homeward_http_request_duration_seconds_bucket{le=\"\(bound)\"} \(cumulative)\n"
        }
        text += "homeward_http_request_duration_seconds_bucket{le=\"+Inf\"} \(snapshot.latencyCount)\n"
        text += "homeward_http_request_duration_seconds_sum \(snapshot.latencySumSeconds)\n"
        text += "homeward_http_request_duration_seconds_count \(snapshot.latencyCount)\n"
        text += "# HELP homeward_http_open_connections Connections open now.\n"
        text += "# TYPE homeward_http_open_connections gauge\n"
        text += "homeward_http_open_connections \(openConnectionCount)\n"
        text += "# HELP homeward_http_received_bytes_total Bytes read from clients.\n"
        text += "# TYPE homeward_http_received_bytes_total counter\n"
        text += "homeward_http_received_bytes_total \(receivedBytes.load(ordering: .relaxed))\n"
        text += "# HELP homeward_http_sent_bytes_total Bytes written to clients.\n"
        text += "# TYPE homeward_http_sent_bytes_total counter\n"
        text += "homeward_http_sent_bytes_total \(sentBytes.load(ordering: .relaxed))\n"
        return text
    }

    private static func escaped(_ label: String) -> String {
        label.replacingBackslashesAndQuotes()
    }
}

extension String {
    /// The string with `\`, `"` and newlines escaped for a Prometheus label value.
    fileprivate func replacingBackslashesAndQuotes() -> String {
        var result = ""
        for character in self {
            switch character {
            case "\\": result += "\\\\"
            case "\"": result += "\\\""
            case "\n": result += "\\n"
            default: result.append(character)
            }
        }
        return result
    }
}
