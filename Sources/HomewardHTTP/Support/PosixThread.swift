import CSystemShims
#if canImport(Glibc)
import Glibc
#endif

/// A plain OS thread running one closure, joinable; no Swift concurrency involved.
final class PosixThread: Sendable {
    private final class Box {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }

    private let handle: pthread_t

    private init(handle: pthread_t) {
        self.handle = handle
    }

    /// Starts a thread named `name` (the kernel keeps 15 bytes) running `body`.
    static func spawn(name: String, _ body: @escaping @Sendable () -> Void) -> PosixThread {
        let threadName = String(name.utf8.prefix(15)) ?? "homeward"
        let box = Unmanaged.passRetained(Box {
            homeward_set_thread_name(threadName)
            body()
        }).toOpaque()
        var handle = pthread_t()
        let result = pthread_create(&handle, nil, { argument in
            let box = Unmanaged<Box>.fromOpaque(argument!).takeRetainedValue()
            box.body()
            return nil
        }, box)
        precondition(result == 0, "pthread_create failed: \(result)")
        return PosixThread(handle: handle)
    }

    /// Blocks until the thread's closure has returned.
    func join() {
        pthread_join(handle, nil)
    }
}
