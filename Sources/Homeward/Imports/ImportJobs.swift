import Dispatch
import Foundation
import HomewardHTTP
import HomewardStore
import Logging
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The imports this server runs for the API: an upload is written to a file as it arrives (never
/// held in memory), then read by a thread of its own at a lower CPU priority, in small write
/// batches, so that an SOS or a phone's post waits neither for a core nor for a long transaction.
/// At most `maxRunningPerServer` imports run at once, `maxRunningPerAccount` per person; each
/// reports its progress as `import` events, and can be cancelled (its fixes are then taken out).
public final class ImportJobs: Sendable {
    private struct Job: Sendable {
        let account: AccountKey
        var importID: String?
        var isCancelled = false
        var startedNanoseconds: UInt64 = 0
        var latest: ImportRecord?
        let ended = DispatchSemaphore(value: 0)
    }

    private struct State: Sendable {
        var nextSlot = 0
        var jobs: [Int: Job] = [:]
    }

    private let state = Mutex(State())
    private let service: ImportService
    private let limits: ImportLimits
    private let events: EventBus
    private let logger: Logger

    /// Seconds a cancel waits for the import to stop and take its fixes out.
    static let cancelWaitSeconds = 60.0

    /// Jobs storing through `service`, publishing on `events`.
    public init(service: ImportService, limits: ImportLimits, events: EventBus, logger: Logger) {
        self.service = service
        self.limits = limits
        self.events = events
        self.logger = logger
    }

    /// Receives the file `body` holds for `account` (whose id is `accountID`), recognises its
    /// format and starts importing it; returns the import, running. 409 when the person has
    /// `maxRunningPerAccount` imports running, 503 when the server has `maxRunningPerServer`; 400
    /// naming what was expected when the file is empty or not one of the formats.
    func start(importing body: HTTPRequestBodyStream, for account: AccountKey, accountID: String) throws -> ImportRecord {
        let slot = try reserve(for: account)
        var path: String?
        do {
            path = try receive(body)
            let reader: ImportReader
            do {
                reader = try ImportReader(try ImportInput(path: path!))
            } catch let problem as ImportProblem {
                throw HTTPError.invalidRequest("The file cannot be imported: \(problem).")
            }
            var record = try service.begin(account: account)
            (record.bytesRead, record.totalBytes) = reader.progress
            record.format = reader.format
            run(reader, into: record, slot: slot, accountID: accountID, file: path!)
            return record
        } catch {
            if let path { try? FileManager.default.removeItem(atPath: path) }
            release(slot)
            throw error
        }
    }

    /// The import's latest record and the seconds it still needs, while it runs on this server.
    func progress(of importID: String) -> (record: ImportRecord?, etaSeconds: Int?)? {
        state.withLock { state in
            guard let job = state.jobs.values.first(where: { $0.importID == importID }) else { return nil }
            guard let latest = job.latest, let total = latest.totalBytes, latest.bytesRead > 0 else { return (job.latest, nil) }
            let elapsed = Double(DispatchTime.now().uptimeNanoseconds - job.startedNanoseconds) / 1e9
            let left = Double(max(0, total - latest.bytesRead)) * elapsed / Double(latest.bytesRead)
            return (latest, Int(left.rounded(.up)))
        }
    }

    /// Cancels import `importID` if it runs on this server and waits until it has stopped and taken
    /// its fixes out; false when it does not run here.
    func cancel(_ importID: String) -> Bool {
        let ended: DispatchSemaphore? = state.withLock { state in
            guard let slot = state.jobs.first(where: { $0.value.importID == importID })?.key else { return nil }
            state.jobs[slot]?.isCancelled = true
            return state.jobs[slot]?.ended
        }
        guard let ended else { return false }
        _ = ended.wait(timeout: .now() + Self.cancelWaitSeconds)
        ended.signal()
        return true
    }

    /// Cancels every running import and waits for each (the server is stopping).
    public func stop() {
        let running = state.withLock { state in state.jobs.values.compactMap(\.importID) }
        for importID in running { _ = cancel(importID) }
    }

    // MARK: Slots

    private func reserve(for account: AccountKey) throws -> Int {
        let outcome: Result<Int, HTTPError> = state.withLock { state in
            guard state.jobs.values.count(where: { $0.account == account }) < limits.maxRunningPerAccount else {
                return .failure(.conflict("An import of this person's history is running already: wait for it to end, or cancel it."))
            }
            guard state.jobs.count < limits.maxRunningPerServer else {
                return .failure(HTTPError(
                    status: .serviceUnavailable, code: "unavailable",
                    message: "The server is importing other files; try again in a few minutes.", headers: ["Retry-After": "60"]))
            }
            let slot = state.nextSlot
            state.nextSlot += 1
            state.jobs[slot] = Job(account: account)
            return .success(slot)
        }
        return try outcome.get()
    }

    private func release(_ slot: Int) {
        let job = state.withLock { state in state.jobs.removeValue(forKey: slot) }
        job?.ended.signal()
    }

    /// Writes the upload to a file of its own in the upload directory; returns its path.
    private func receive(_ body: HTTPRequestBodyStream) throws -> String {
        let directory = limits.uploadDirectory ?? NSTemporaryDirectory()
        let path = (directory as NSString).appendingPathComponent("homeward-import-\(SecureRandom.identifier()).upload")
        guard FileManager.default.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o600]),
              let handle = FileHandle(forWritingAtPath: path) else {
            logger.error("cannot create an import upload file", metadata: ["path": "\(path)"])
            throw HTTPError.unavailable("The server cannot keep the file now; try again later.")
        }
        defer { try? handle.close() }
        var bytes = 0
        do {
            while let part = try body.read() {
                try handle.write(contentsOf: part)
                bytes += part.count
            }
        } catch let error as HTTPError {
            try? FileManager.default.removeItem(atPath: path)
            throw error
        } catch {
            try? FileManager.default.removeItem(atPath: path)
            logger.error("cannot write an import upload", metadata: ["path": "\(path)", "error": "\(error)"])
            throw HTTPError.unavailable("The server has no room for the file now; try again later.")
        }
        guard bytes > 0 else {
            try? FileManager.default.removeItem(atPath: path)
            throw HTTPError.invalidRequest("The file is empty: send a history file as the body.")
        }
        return path
    }

    // MARK: Running

    private func run(_ reader: ImportReader, into record: ImportRecord, slot: Int, accountID: String, file: String) {
        state.withLock { state in
            state.jobs[slot]?.importID = record.id
            state.jobs[slot]?.startedNanoseconds = DispatchTime.now().uptimeNanoseconds
            state.jobs[slot]?.latest = record
        }
        guard let account = state.withLock({ $0.jobs[slot]?.account }) else { return }
        publish(record, of: account, accountID: accountID)
        let handoff = ReaderHandoff(reader: reader)
        let thread = Thread { [self] in
            let reader = handoff.reader
            // A nice value of 10 for this thread alone (Linux keeps it per thread): live work first.
            _ = setpriority(__priority_which_t(0), 0, 10)
            var lastEvent = DispatchTime.now().uptimeNanoseconds
            var finished = record
            do {
                finished = try service.run(reader, into: record, progress: { [self] record in
                    state.withLock { state in state.jobs[slot]?.latest = record }
                    let now = DispatchTime.now().uptimeNanoseconds
                    guard Double(now - lastEvent) / 1e9 >= ImportLimits.progressEventSeconds else { return }
                    lastEvent = now
                    publish(record, of: account, accountID: accountID)
                }, shouldStop: { [self] in state.withLock { $0.jobs[slot]?.isCancelled ?? true } }).record
            } catch {
                logger.error("import failed", metadata: ["import": "\(record.id)", "error": "\(error)"])
                finished = (try? service.find(importID: record.id))?.record ?? finished
            }
            try? FileManager.default.removeItem(atPath: file)
            publish(finished, of: account, accountID: accountID)
            release(slot)
        }
        thread.name = "homeward-import"
        thread.start()
    }

    /// Hands the reader to the import's thread, which alone uses it from then on.
    private final class ReaderHandoff: @unchecked Sendable {
        let reader: ImportReader

        init(reader: ImportReader) {
            self.reader = reader
        }
    }

    private func publish(_ record: ImportRecord, of account: AccountKey, accountID: String) {
        let eta = progress(of: record.id)?.etaSeconds
        let resource = ImportResource(record, accountID: accountID, etaSeconds: eta)
        events.publish(AppEvent(kind: .import, subject: account, payload: (try? JSONBytes.encode(resource)) ?? []))
    }
}
