/// One request of the smuggling and malformed corpora: the bytes a hostile client sends and the
/// status the server must answer before closing the connection. The same bytes are a seed of the
/// parser fuzzer (Tests/Fuzz/corpus/http-parser/`name`).
struct HostileRequest {
    /// The file name of the fuzz seed, e.g. `smuggling-cl-te.http`.
    let name: String
    /// The request as sent (bytes above 0x7F as Latin-1).
    let text: String
    /// The answer the server must give.
    let status: Int

    /// The bytes on the wire.
    var bytes: [UInt8] { text.unicodeScalars.map { UInt8(truncatingIfNeeded: $0.value) } }
}
