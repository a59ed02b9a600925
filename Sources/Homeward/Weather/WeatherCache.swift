/// The weather of cells and hours already fetched, in memory, at most `capacity` hours; when full,
/// the hours stored longest ago are forgotten first. Not thread-safe: `WeatherFiller` guards it.
struct WeatherCache {
    /// A cell at an hour.
    struct Key: Hashable {
        let cell: WeatherCell
        /// The hour's start, in Unix milliseconds.
        let hour: Int64
    }

    private let capacity: Int
    private var entries: [Key: EpisodeConditions] = [:]
    private var order: [Key] = []
    private var head = 0

    /// An empty cache of at most `capacity` hours.
    init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    /// Hours held now.
    var count: Int { entries.count }

    /// The conditions of `key`, if fetched (empty conditions: the provider had no value for it).
    subscript(key: Key) -> EpisodeConditions? { entries[key] }

    /// Stores the conditions of `key`, forgetting the oldest hour when full.
    mutating func store(_ conditions: EpisodeConditions, for key: Key) {
        if entries.updateValue(conditions, forKey: key) != nil { return }
        order.append(key)
        while entries.count > capacity {
            entries[order[head]] = nil
            head += 1
        }
        if head > capacity {
            order.removeFirst(head)
            head = 0
        }
    }
}
