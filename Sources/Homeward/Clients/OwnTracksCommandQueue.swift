import Synchronization

/// What the next OwnTracks reply to a person's phone should ask of it (the app never polls; it hears
/// commands only in the answer to its next post): `reportLocation` once a guardian asked where the
/// person is (`POST /v1/accounts/{id}/locate`), and `setWaypoints` whenever the person's safe zones
/// differ from the ones last sent. Kept in memory: after a restart the zones are sent once more, and
/// a locate request not yet delivered is asked again by the guardian.
final class OwnTracksCommandQueue: Sendable {
    private struct State {
        var locateRequested = false
        var sentZones: Int?
    }

    private let states = Mutex<[AccountKey: State]>([:])

    /// Asks the phone of `account` for a fresh position in its next reply.
    func requestLocation(of account: AccountKey) {
        states.withLock { $0[account, default: State()].locateRequested = true }
    }

    /// The commands for the reply to `account`'s phone whose zones now have `zonesFingerprint`:
    /// whether to ask for its position and whether to send the zones; both count as sent.
    func take(for account: AccountKey, zonesFingerprint: Int) -> (reportLocation: Bool, setWaypoints: Bool) {
        states.withLock { states in
            var state = states[account, default: State()]
            defer {
                state.locateRequested = false
                state.sentZones = zonesFingerprint
                states[account] = state
            }
            return (state.locateRequested, state.sentZones != zonesFingerprint)
        }
    }
}
