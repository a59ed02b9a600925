import CSystemShims
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The way into an event loop from other threads: a queue under a mutex and an eventfd that wakes
/// the loop's epoll_wait. The eventfd is only written when the queue turns non-empty.
final class LoopMailbox: Sendable {
    /// The eventfd the loop watches.
    let wakeDescriptor: Int32
    private let messages = Mutex<[LoopMessage]>([])

    init() {
        wakeDescriptor = homeward_eventfd()
        precondition(wakeDescriptor >= 0, "eventfd failed: \(errno)")
    }

    deinit {
        close(wakeDescriptor)
    }

    /// Queues a message and wakes the loop if it may be asleep.
    func post(_ message: LoopMessage) {
        let wasEmpty = messages.withLock { queue in
            queue.append(message)
            return queue.count == 1
        }
        if wasEmpty { _ = homeward_eventfd_signal(wakeDescriptor) }
    }

    /// Takes every queued message; called by the loop after its wake-up.
    func takeAll() -> [LoopMessage] {
        _ = homeward_eventfd_drain(wakeDescriptor)
        return messages.withLock { queue in
            let taken = queue
            queue.removeAll(keepingCapacity: true)
            return taken
        }
    }
}
