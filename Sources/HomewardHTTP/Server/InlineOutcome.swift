import Synchronization

/// The response of a handler run on the I/O thread: kept for the loop when it is ready before the
/// handler returns, otherwise (a deferred response completed later elsewhere) left for the mailbox.
final class InlineOutcome: Sendable {
    private enum State {
        case waiting
        case ready(HTTPResponse)
        case late
    }

    private let state = Mutex(State.waiting)

    /// Keeps `response` if the loop has not stopped waiting for it; false means the caller must
    /// post it to the loop's mailbox.
    func keep(_ response: HTTPResponse) -> Bool {
        state.withLock { state in
            guard case .waiting = state else { return false }
            state = .ready(response)
            return true
        }
    }

    /// The response if it is ready; otherwise it will arrive by the mailbox.
    func takeIfReady() -> HTTPResponse? {
        state.withLock { state in
            defer { state = .late }
            if case .ready(let response) = state { return response }
            return nil
        }
    }
}
