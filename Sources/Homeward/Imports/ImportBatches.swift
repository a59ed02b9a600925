import Foundation
import HomewardGeo
import HomewardSync

/// Reads an import's fixes on a thread of its own, a batch at a time, while the caller stores the
/// batch before: parsing and writing overlap. At most `capacity` batches wait, so memory stays
/// bounded whatever the file's size.
///
/// `@unchecked Sendable`: the reader is used by the reading thread alone; everything else is read
/// and written under `lock`.
final class ImportBatches: @unchecked Sendable {
    /// A batch of fixes in file order, with where the reader stood after it.
    struct Batch {
        var fixes: [Fix]
        var bytesRead: Int
        var totalBytes: Int?
        var rejections: ImportRejections
        var format: ImportFormat?
    }

    /// How reading ended.
    enum End {
        /// At the end of the file.
        case finished
        /// At a bad or cut-off record (what came before is in the batches).
        case problem(ImportProblem)
        /// Reading failed otherwise.
        case failure(any Error)
    }

    private let lock = ConditionLock()
    private var waiting: [Batch] = []
    private var end: End?
    private var isCancelled = false
    private let capacity: Int
    private let ended = DispatchSemaphore(value: 0)
    /// Used by the reading thread alone until it has ended.
    private let reader: ImportReader

    /// Starts reading `reader` in batches of `batchFixes`.
    init(_ reader: ImportReader, batchFixes: Int, capacity: Int = 2) {
        self.capacity = max(1, capacity)
        self.reader = reader
        let thread = Thread { [self] in
            read(batchFixes: max(1, batchFixes))
            ended.signal()
        }
        thread.name = "homeward-import-reader"
        thread.start()
    }

    /// The next batch, waiting for it; nil once reading has ended (then `outcome` says how).
    func next() -> Batch? {
        lock.withLock {
            while waiting.isEmpty && end == nil { lock.wait() }
            guard !waiting.isEmpty else { return nil }
            lock.broadcast()
            return waiting.removeFirst()
        }
    }

    /// How reading ended, once `next` returned nil.
    var outcome: End { lock.withLock { end ?? .finished } }

    /// Stops the reading thread and waits for it (the reader is then the caller's again).
    func cancel() {
        lock.withLock {
            isCancelled = true
            lock.broadcast()
        }
        ended.wait()
        ended.signal()
    }

    private func read(batchFixes: Int) {
        var fixes: [Fix] = []
        fixes.reserveCapacity(batchFixes)
        func hand() -> Bool {
            let (bytes, total) = reader.progress
            let batch = Batch(fixes: fixes, bytesRead: bytes, totalBytes: total, rejections: reader.rejections, format: reader.format)
            fixes = []
            fixes.reserveCapacity(batchFixes)
            return lock.withLock {
                while waiting.count >= capacity && !isCancelled { lock.wait() }
                guard !isCancelled else { return false }
                waiting.append(batch)
                lock.broadcast()
                return true
            }
        }
        var finish: End = .finished
        do {
            while try reader.read(into: &fixes, limit: batchFixes) {
                if !hand() { return }
            }
        } catch let problem as ImportProblem {
            finish = .problem(problem)
        } catch {
            finish = .failure(error)
        }
        guard hand() else { return }
        lock.withLock {
            end = finish
            lock.broadcast()
        }
    }
}
