/// The identity of a sample within one account: its time plus a 32-bit hash of the client's id.
///
/// A sample is a duplicate when the account already has one with the same time and the same id
/// (or, without an id, the same time). The hash is FNV-1a over the id's UTF-8 bytes, stored as a
/// signed 32-bit value (4 bytes on disk); it must never change, or resent buffers stop matching.
public enum SampleIdentity {
    /// The hash stored for a sample without a client id.
    public static let absentIDHash: Int64 = 0

    /// The stored hash of client id `id`: never `absentIDHash` for a present id.
    public static func hash(of id: String?) -> Int64 {
        guard let id else { return absentIDHash }
        var hash: UInt32 = 2_166_136_261
        for byte in id.utf8 {
            hash ^= UInt32(byte)
            hash = hash &* 16_777_619
        }
        let signed = Int64(Int32(bitPattern: hash))
        return signed == absentIDHash ? 1 : signed
    }
}
