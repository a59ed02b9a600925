/// Names a connection across threads: its descriptor plus a generation, so a reply for a closed
/// connection never reaches a new one that reused the descriptor.
struct ConnectionKey: Hashable, Sendable {
    let descriptor: Int32
    let generation: UInt32
}
