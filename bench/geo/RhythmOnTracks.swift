#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif
import HomewardGeo

/// `homeward-geo-bench rhythm FILE...`: feeds recorded tracks (CSV lines `t,lat,lon,segment`, Unix
/// seconds, oldest first; a segment is one recording of the logger) through `ReportingRhythm` with
/// the server's defaults and prints, per file, the gaps between fixes within a segment that it
/// would have called silent (the logger paused inside one recording) and, for each stop between
/// segments (the logger switched off: a real stop of reporting), how long after the last fix it
/// called the phone silent (or that it never did before the next fix).
func measureRhythm(on paths: [String]) {
    for path in paths {
        guard let text = readText(path) else {
            print("\(path): unreadable")
            continue
        }
        var rhythm = ReportingRhythm()
        var previous: (t: Double, segment: Substring)?
        var silentWithin = 0, withinGaps = 0, stops = 0, unnoticed = 0
        var delays: [Double] = []
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: ",")
            guard fields.count >= 4, let t = Double(fields[0]), let lat = Double(fields[1]), let lon = Double(fields[2]) else { continue }
            if let before = previous, t > before.t {
                let silentAfter = rhythm.assess(now: before.t).silentAfterSeconds
                let gap = t - before.t
                let calledSilent = rhythm.assess(now: t - 0.001).state == .silent
                if before.segment == fields[3] {
                    withinGaps += 1
                    if calledSilent { silentWithin += 1 }
                } else {
                    stops += 1
                    if calledSilent { delays.append(min(gap, silentAfter)) } else { unnoticed += 1 }
                }
            }
            rhythm.record(ReportingRhythm.Report(t: t, coordinate: Coordinate(lat: lat, lon: lon)))
            previous = (t, fields[3])
        }
        let sorted = delays.sorted()
        let median = sorted.isEmpty ? 0 : sorted[sorted.count / 2]
        let p90 = sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, Int((0.9 * Double(sorted.count)).rounded(.up)) - 1)]
        print("\(path)\tgaps \(withinGaps)\tsilent_within \(silentWithin)\tstops \(stops)\tnoticed \(delays.count)\tunnoticed \(unnoticed)\tdelay_median \(Int(median))\tdelay_p90 \(Int(p90))\tdelays \(sorted.map { Int($0) })")
    }
}

/// The whole file at `path` as text, or nil when it cannot be read (the bench stays off Foundation).
private func readText(_ path: String) -> String? {
    guard let file = fopen(path, "r") else { return nil }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
        let read = fread(&chunk, 1, chunk.count, file)
        if read <= 0 { break }
        bytes += chunk[0..<read]
    }
    return String(decoding: bytes, as: UTF8.self)
}
