import Homeward
import HomewardHTTP
import Logging

/// The clock the checks run at: fixed, so a crash replays exactly (2026-11-21T12:00:00Z).
private let checkTime = Timestamp(unixMilliseconds: 1_795_262_400_000)

/// A logger that drops everything.
private let silentLogger = Logger(label: "fuzz", factory: { _ in SwiftLogNoOpLogHandler() })

/// Feeds arbitrary bytes as the JSON body of `POST /v1/locations` and `POST /v1/motion` through the
/// routes' decoding and every sample rule (storing nothing). Any crash, trap or sanitizer report is
/// a bug; a 4xx and rejected samples are ordinary outcomes. Both readers of `IngestBodyDecoder` must
/// give the same answer (the same counts and rejections, or the same error).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzIngestJSON(_ data: UnsafePointer<UInt8>, _ count: Int) -> Int32 {
    let body = Array(UnsafeBufferPointer(start: data, count: count))
    for path in ["/v1/locations", "/v1/motion"] {
        let request = HTTPRequest(method: .post, target: path, headers: ["Content-Type": "application/json"], body: body)
        do {
            let context = RequestContext(
                request: request, parameters: [:], query: try QueryParameters(parsing: ""), routeTemplate: path,
                requestID: "fuzz", remoteAddress: "127.0.0.1:0", logger: silentLogger)
            let check = { (reader: IngestBodyDecoder.Reader) throws(HTTPError) -> IngestResult in
                path == "/v1/locations"
                    ? try IngestBodyDecoder.checkLocations(in: context, at: checkTime, reader: reader)
                    : try IngestBodyDecoder.checkMotion(in: context, at: checkTime, reader: reader)
            }
            let reference = Result { () throws(HTTPError) in try check(.reference) }
            let fast = Result { () throws(HTTPError) in try check(.fast) }
            precondition(fast == reference, "the fast reader and JSONDecoder disagree")
            let result = try fast.get()
            let indices = result.rejected.map(\.index)
            let total = result.accepted + indices.count
            precondition(total <= IngestLimits.maxSamplesPerRequest, "more samples checked than a request may carry")
            precondition(zip(indices, indices.dropFirst()).allSatisfy { $0 < $1 }, "rejections out of order or repeated")
            precondition(indices.allSatisfy { (0..<total).contains($0) }, "a rejection names no sample of the batch")
        } catch {
            continue
        }
    }
    return 0
}
