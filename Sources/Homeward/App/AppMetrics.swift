import Synchronization

/// Application counters (ingest, alerts, logins) rendered into `/metrics` beside the HTTP server's.
public final class AppMetrics: Sendable {
    private struct Series: Hashable {
        let name: String
        let labels: String
    }

    private let counters = Mutex<[Series: Int]>([:])
    private let help: [String: String] = [
        "homeward_ingest_samples_total": "Samples received by ingest, by kind and outcome.",
        "homeward_alerts_total": "Alerts raised, by type.",
        "homeward_logins_total": "Login attempts, by outcome.",
    ]

    /// Creates empty counters.
    public init() {}

    /// Adds `amount` to the counter `name` with `labels` (label names and values, in order).
    public func increment(_ name: String, labels: KeyValuePairs<String, String> = [:], by amount: Int = 1) {
        guard amount != 0 else { return }
        let rendered = labels.map { "\($0.key)=\"\($0.value)\"" }.joined(separator: ",")
        counters.withLock { $0[Series(name: name, labels: rendered), default: 0] += amount }
    }

    /// The current value of a counter, for tests.
    public func value(_ name: String, labels: KeyValuePairs<String, String> = [:]) -> Int {
        let rendered = labels.map { "\($0.key)=\"\($0.value)\"" }.joined(separator: ",")
        return counters.withLock { $0[Series(name: name, labels: rendered)] ?? 0 }
    }

    /// The counters in the Prometheus text exposition format.
    public func renderPrometheus() -> String {
        let snapshot = counters.withLock { $0 }
        var output = ""
        let byName = Dictionary(grouping: snapshot, by: { $0.key.name })
        for name in byName.keys.sorted() {
            if let text = help[name] { output += "# HELP \(name) \(text)\n" }
            output += "# TYPE \(name) counter\n"
            for (series, value) in byName[name]!.sorted(by: { $0.key.labels < $1.key.labels }) {
                output += series.labels.isEmpty ? "\(name) \(value)\n" : "\(name){\(series.labels)} \(value)\n"
            }
        }
        return output
    }
}
