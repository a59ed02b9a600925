import Synchronization

/// Hands events to whoever subscribed (the event streams, the webhook worker). Publishing never
/// blocks on a subscriber; subscribers must return quickly. Events are published after the
/// transaction that produced them committed.
public final class EventBus: Sendable {
    /// A subscriber's callback.
    public typealias Subscriber = @Sendable (AppEvent) -> Void

    private let subscribers = Mutex<[Subscriber]>([])

    /// Creates a bus with no subscribers.
    public init() {}

    /// Adds `subscriber` for every event published from now on.
    public func subscribe(_ subscriber: @escaping Subscriber) {
        subscribers.withLock { $0.append(subscriber) }
    }

    /// Delivers `event` to every subscriber.
    public func publish(_ event: AppEvent) {
        let current = subscribers.withLock { $0 }
        for subscriber in current { subscriber(event) }
    }
}
