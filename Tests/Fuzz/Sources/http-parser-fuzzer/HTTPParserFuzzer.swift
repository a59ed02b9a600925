import HomewardHTTP

/// Feeds arbitrary bytes to the HTTP/1.1 request parser in two slices (the split point is taken from
/// the first byte), the way a socket may deliver them. Any crash, trap or sanitizer report is a bug;
/// a rejection is an ordinary outcome.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHTTPParser(_ data: UnsafePointer<UInt8>, _ count: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: count))
    var configuration = HTTPServerConfiguration()
    configuration.maxBodyBytes = 4096
    configuration.maxHeaderBytes = 2048
    var parser = HTTPRequestParser(configuration: configuration)
    var buffer = ReadBuffer()
    let split = bytes.isEmpty ? 0 : Int(bytes[0]) % (bytes.count + 1)
    for slice in [bytes[..<split], bytes[split...]] {
        buffer.append(contentsOf: slice)
        while let event = parser.parse(&buffer) {
            if case .failure = event { return 0 }
        }
    }
    return 0
}
