import Synchronization

/// Application counters (ingest, alerts, logins) rendered into `/metrics` beside the HTTP server's.
public final class AppMetrics: Sendable {
    private struct Series: Hashable {
        let name: String
        let labels: String
    }

    /// One counter series: an atomic, so a hot path that holds it increments without a lock.
    public final class Counter: Sendable {
        private let count = Atomic<Int>(0)

        /// Adds `amount`.
        public func increment(by amount: Int = 1) {
            if amount != 0 { count.add(amount, ordering: .relaxed) }
        }

        /// The current value.
        public var value: Int { count.load(ordering: .relaxed) }
    }

    private let counters = Mutex<[Series: Counter]>([:])
    private let help: [String: String] = [
        "homeward_ingest_samples_total": "Samples received by ingest, by kind and outcome.",
        "homeward_alerts_total": "Alerts raised, by type.",
        "homeward_logins_total": "Login attempts, by outcome.",
    ]

    /// Creates empty counters.
    public init() {}

    /// The counter `name` with `labels` (label names and values, in order), created at zero when new.
    public func counter(_ name: String, labels: KeyValuePairs<String, String> = [:]) -> Counter {
        let series = Series(name: name, labels: Self.render(labels))
        return counters.withLock { counters in
            if let existing = counters[series] { return existing }
            let created = Counter()
            counters[series] = created
            return created
        }
    }

    /// Adds `amount` to the counter `name` with `labels` (label names and values, in order).
    public func increment(_ name: String, labels: KeyValuePairs<String, String> = [:], by amount: Int = 1) {
        guard amount != 0 else { return }
        counter(name, labels: labels).increment(by: amount)
    }

    /// The current value of a counter, for tests.
    public func value(_ name: String, labels: KeyValuePairs<String, String> = [:]) -> Int {
        let series = Series(name: name, labels: Self.render(labels))
        return counters.withLock { $0[series]?.value } ?? 0
    }

    /// The counters in the Prometheus text exposition format; series never incremented are left out.
    public func renderPrometheus() -> String {
        let snapshot = counters.withLock { $0 }.compactMapValues { $0.value == 0 ? nil : $0.value }
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

    private static func render(_ labels: KeyValuePairs<String, String>) -> String {
        labels.map { "\($0.key)=\"\($0.value)\"" }.joined(separator: ",")
    }
}
