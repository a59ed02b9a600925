// Measures argon2id password hashing at the default (OWASP) cost: hash+verify throughput on one
// and two threads, and the process's peak resident memory, with the concurrency bound and without.
// Usage: homeward-auth-bench [PAIRS_PER_PHASE]   (default 40; build with -c release)
import Dispatch
import Foundation
import Homeward

/// The process's peak resident set size so far, in MiB (VmHWM in /proc/self/status).
func peakResidentMebibytes() -> Double {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
          let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
          let kibibytes = Double(line.split(separator: " ").dropFirst().first ?? "")
    else { return .nan }
    return kibibytes / 1024
}

/// Runs `pairs` hash+verify pairs spread over `threads` threads of their own (not Dispatch's pool,
/// which would run no more threads than cores); prints throughput and the peak memory so far.
func measure(_ label: String, hasher: PasswordHasher, pairs: Int, threads: Int) {
    let finished = DispatchGroup()
    let start = ContinuousClock.now
    for thread in 0..<threads {
        finished.enter()
        Thread {
            for index in stride(from: thread, to: pairs, by: threads) {
                let password = "Bench-Password-\(index)!"
                guard let hash = try? hasher.hash(password), hasher.verify(password, against: hash) else {
                    fatalError("hash or verify failed for \(password)")
                }
            }
            finished.leave()
        }.start()
    }
    finished.wait()
    let elapsed = ContinuousClock.now - start
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    let pairsPerSecond = Double(pairs) / seconds
    let figures = String(format: "%6.1f pairs/s  %6.1f argon2id/s  peak RSS %6.1f MiB",
                         pairsPerSecond, 2 * pairsPerSecond, peakResidentMebibytes())
    print(padded(label) + figures)
}

/// `label` padded to one column width.
func padded(_ label: String) -> String {
    label + String(repeating: " ", count: max(1, 22 - label.count))
}

let pairs = CommandLine.arguments.dropFirst().first.flatMap(Int.init) ?? 40
let configuration = PasswordHashingConfiguration.recommended
print("argon2id m=\(configuration.memoryBytes / 1024) KiB t=\(configuration.iterations) p=1, "
      + "\(pairs) hash+verify pairs a phase, \(ProcessorCount.active) cores")
print(padded("start") + String(format: "peak RSS %6.1f MiB", peakResidentMebibytes()))

do {
    let oneAtATime = try PasswordHasher(configuration: .init(maxConcurrentHashes: 1))
    measure("1 thread", hasher: oneAtATime, pairs: pairs, threads: 1)
    let twoAtATime = try PasswordHasher(configuration: .init(maxConcurrentHashes: 2))
    measure("2 threads", hasher: twoAtATime, pairs: pairs, threads: 2)
    measure("8 threads, bound 2", hasher: twoAtATime, pairs: pairs, threads: 8)
    let unbounded = try PasswordHasher(configuration: .init(maxConcurrentHashes: 8))
    measure("8 threads, bound 8", hasher: unbounded, pairs: pairs, threads: 8)
} catch {
    fatalError("cannot create a password hasher: \(error)")
}
