/// The workflow of a trip and its transition table: which `TripEventType` each state allows.
///
/// | state \ event | pickup | dropoff | stopover | resume |
/// |---|---|---|---|---|
/// | moving | moving, +1 aboard (unless full) | moving, −1 aboard (if any) | stopped | refused |
/// | stopped | stopped, +1 aboard (unless full) | stopped, −1 aboard (if any) | refused | moving |
///
/// "Full" means as many passengers aboard as the trip was created for; a trip created without a
/// passenger count is never full. An arrived trip refuses every event.
public struct TripWorkflow: Sendable, Equatable {
    /// Moving or stopped.
    public var phase: TripPhase
    /// Passengers picked up and not yet dropped off.
    public var passengersAboard: Int
    /// The passengers the trip was created for, if it said.
    public var passengerCapacity: Int?

    /// Creates a workflow state.
    public init(phase: TripPhase, passengersAboard: Int, passengerCapacity: Int?) {
        self.phase = phase
        self.passengersAboard = passengersAboard
        self.passengerCapacity = passengerCapacity
    }

    /// The state after `event`, or nil when this state does not allow it.
    public func applying(_ event: TripEventType) -> TripWorkflow? {
        var next = self
        switch event {
        case .pickup:
            if let capacity = passengerCapacity, passengersAboard >= capacity { return nil }
            next.passengersAboard += 1
        case .dropoff:
            guard passengersAboard > 0 else { return nil }
            next.passengersAboard -= 1
        case .stopover:
            guard phase == .moving else { return nil }
            next.phase = .stopped
        case .resume:
            guard phase == .stopped else { return nil }
            next.phase = .moving
        }
        return next
    }

    /// Why `event` is refused in this state, for the 409 message.
    public func refusal(of event: TripEventType) -> String {
        switch event {
        case .pickup: "pickup is not allowed: all \(passengerCapacity ?? 0) passengers are aboard"
        case .dropoff: "dropoff is not allowed: no passenger is aboard"
        case .stopover: "stopover is not allowed: the trip is already stopped"
        case .resume: "resume is not allowed: the trip is not stopped"
        }
    }
}
