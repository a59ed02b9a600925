import CZlib

/// Inflates a gzip stream piece by piece, so a file of any size is read in bounded memory
/// (`Gzip.decompress` holds a whole body).
public final class GzipInflater {
    /// The gzip input is corrupt, or ends before its last member does.
    public struct Failure: Error, Equatable {
        /// What zlib found.
        public var message: String
    }

    private var stream = z_stream()
    private var finished = false
    private static let gzipWindowBits: Int32 = 31

    /// A fresh inflater of gzip data; with `rawDeflate`, of bare deflate data (a zip entry's).
    public init(rawDeflate: Bool = false) {
        let windowBits = rawDeflate ? Self.rawDeflateWindowBits : Self.gzipWindowBits
        precondition(homeward_inflateInit2(&stream, windowBits) == Z_OK, "inflateInit2 failed: out of memory")
    }

    private static let rawDeflateWindowBits: Int32 = -15

    deinit { inflateEnd(&stream) }

    /// The bytes `input` inflates to (possibly none); an empty `input` means the compressed data ended.
    public func inflate(_ input: [UInt8], outputChunkBytes: Int = 256 * 1024) throws(Failure) -> [UInt8] {
        if input.isEmpty {
            guard finished else { throw Failure(message: "the gzip data ends before its end marker") }
            return []
        }
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: outputChunkBytes)
        var input = input
        let inputCount = input.count
        var failure: Failure?
        input.withUnsafeMutableBufferPointer { inputBuffer in
            stream.next_in = inputBuffer.baseAddress
            stream.avail_in = UInt32(inputCount)
            var full = false
            while stream.avail_in > 0 || (full && !finished) {
                if finished {
                    // A concatenated member (gzip allows several): start it afresh.
                    guard inflateReset(&stream) == Z_OK else { failure = Failure(message: "inflateReset failed"); return }
                    finished = false
                }
                var status = Z_OK
                let produced = chunk.withUnsafeMutableBufferPointer { chunkBuffer in
                    stream.next_out = chunkBuffer.baseAddress
                    stream.avail_out = UInt32(chunkBuffer.count)
                    status = CZlib.inflate(&stream, Z_NO_FLUSH)
                    return chunkBuffer.count - Int(stream.avail_out)
                }
                guard status == Z_OK || status == Z_STREAM_END || (status == Z_BUF_ERROR && produced > 0) else {
                    failure = Failure(message: "the gzip data is corrupt")
                    return
                }
                output.append(contentsOf: chunk[0..<produced])
                // A full chunk may leave output inside zlib even when all input was taken.
                full = produced == outputChunkBytes
                if status == Z_STREAM_END { finished = true }
            }
        }
        if let failure { throw failure }
        return output
    }
}
