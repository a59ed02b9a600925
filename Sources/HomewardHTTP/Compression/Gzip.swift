import CZlib

/// gzip coding of bodies through zlib.
public enum Gzip {
    private static let gzipWindowBits: Int32 = 31
    private static let memoryLevel: Int32 = 8
    private static let outputChunkBytes = 64 * 1024

    /// Inflates a gzip body; 413 once the output would exceed `limitBytes` (a gzip bomb), 400 when
    /// the input is not valid gzip.
    public static func decompress(_ input: [UInt8], limitBytes: Int) throws(HTTPError) -> [UInt8] {
        var stream = z_stream()
        guard homeward_inflateInit2(&stream, gzipWindowBits) == Z_OK else { throw .internalError }
        defer { inflateEnd(&stream) }
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: outputChunkBytes)
        var status = Z_OK
        var input = input
        let inputCount = input.count
        try input.withUnsafeMutableBufferPointer { (inputBuffer) throws(HTTPError) in
            stream.next_in = inputBuffer.baseAddress
            stream.avail_in = UInt32(inputCount)
            repeat {
                let produced = chunk.withUnsafeMutableBufferPointer { chunkBuffer in
                    stream.next_out = chunkBuffer.baseAddress
                    stream.avail_out = UInt32(chunkBuffer.count)
                    status = inflate(&stream, Z_NO_FLUSH)
                    return chunkBuffer.count - Int(stream.avail_out)
                }
                guard status == Z_OK || status == Z_STREAM_END || (status == Z_BUF_ERROR && produced > 0) else {
                    throw .invalidRequest("The gzip body is corrupt.")
                }
                guard output.count + produced <= limitBytes else {
                    throw .payloadTooLarge("The decompressed body is too large.")
                }
                output.append(contentsOf: chunk[0..<produced])
                if status != Z_STREAM_END && produced == 0 && stream.avail_in == 0 {
                    throw .invalidRequest("The gzip body is truncated.")
                }
            } while status != Z_STREAM_END
        }
        guard stream.avail_in == 0 else { throw .invalidRequest("The gzip body has trailing bytes.") }
        return output
    }

    /// Deflates `input` into a gzip member at the default compression level.
    public static func compress(_ input: [UInt8]) -> [UInt8] {
        var stream = z_stream()
        guard homeward_deflateInit2(&stream, Z_DEFAULT_COMPRESSION, gzipWindowBits, memoryLevel) == Z_OK else {
            preconditionFailure("deflateInit2 failed: out of memory")
        }
        defer { deflateEnd(&stream) }
        var input = input
        let inputCount = input.count
        var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, UInt(inputCount))) + 32)
        let outputCount = output.count
        input.withUnsafeMutableBufferPointer { inputBuffer in
            output.withUnsafeMutableBufferPointer { outputBuffer in
                stream.next_in = inputBuffer.baseAddress
                stream.avail_in = UInt32(inputCount)
                stream.next_out = outputBuffer.baseAddress
                stream.avail_out = UInt32(outputCount)
                let status = deflate(&stream, Z_FINISH)
                precondition(status == Z_STREAM_END, "deflate with a bound-sized buffer must finish")
            }
        }
        output.removeLast(Int(stream.avail_out))
        return output
    }
}
