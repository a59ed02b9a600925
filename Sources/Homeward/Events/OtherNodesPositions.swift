/// The positions the other nodes on a shared PostgreSQL database store, which reach this node only
/// while it wants them (`ClusterEventRelay`): a stream asks before it opens, and the open streams
/// keep asking, so a node that serves no stream neither reads nor has the others render them.
protocol OtherNodesPositions: Sendable {
    /// Makes the other nodes' positions reach this node for at least `seconds` from now; when they
    /// did not already, returns once they do (every position committed after it returned arrives).
    func wantPositions(forSeconds seconds: Double)
}
