/// Where an event goes on this node, whether it happened here (through the `EventBus`) or on
/// another node (through the cluster relay): to the open streams and, for an alert, to the workers
/// that deliver and escalate alerts, which look at their outbox at once instead of at their next pass;
/// and to the MQTT service (Home Assistant, OwnTracks friends), when there is one.
struct NodeEventSink: Sendable {
    /// The open `GET /v1/events` streams.
    let streams: EventStreamHub
    /// Woken by every alert event: delivery and escalation.
    let alertWorkers: [any AlertEventWorker]
    /// Hears positions and alerts, to publish them over MQTT; nil without a broker.
    var mqtt: MQTTService? = nil

    /// Hands `event` to the streams (and MQTT) and, when it is an alert's, wakes the alert workers.
    func receive(_ event: AppEvent) {
        streams.publish(event)
        mqtt?.hear(event)
        guard event.kind == .alert else { return }
        for worker in alertWorkers { worker.wake() }
    }
}

/// A worker with an outbox of alert work, woken when an alert is raised, changed or escalated.
protocol AlertEventWorker: Sendable {
    /// Cuts the worker's sleep short.
    func wake()
}

extension AlertDeliveryWorker: AlertEventWorker {}
extension EscalationScheduler: AlertEventWorker {}
