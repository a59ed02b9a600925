import COpenSSL

/// An OpenSSL call that should not fail did (out of memory, a broken installation), with the reasons
/// OpenSSL queued for this thread.
struct OpenSSLError: Error, CustomStringConvertible {
    let description: String

    /// What failed (`operation`), followed by OpenSSL's reasons; empties the thread's error queue.
    init(_ operation: String) {
        var reasons: [String] = []
        while case let code = ERR_get_error(), code != 0 {
            var buffer = [CChar](repeating: 0, count: 256)
            ERR_error_string_n(code, &buffer, buffer.count)
            reasons.append(buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) })
        }
        description = reasons.isEmpty ? operation : "\(operation): \(reasons.joined(separator: "; "))"
    }
}
