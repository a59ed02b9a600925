// Runs one million samples through the per-person tracker and reports samples per second and the
// memory each tracked person costs. Usage: homeward-geo-bench [people] [samples-per-person]
// `homeward-geo-bench rhythm FILE...` measures the reporting rhythm on recorded tracks instead (RhythmOnTracks.swift).
#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif
import HomewardGeo

let arguments = CommandLine.arguments
if arguments.count > 1, arguments[1] == "rhythm" {
    measureRhythm(on: Array(arguments.dropFirst(2)))
    exit(0)
}
let people = arguments.count > 1 ? Int(arguments[1]) ?? 1_000 : 1_000
let samplesPerPerson = arguments.count > 2 ? Int(arguments[2]) ?? 1_000 : 1_000

/// A tiny deterministic generator so every run measures the same work.
struct Lcg {
    var state: UInt64
    mutating func next() -> Double {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Double(state >> 11) / Double(1 << 53)
    }
}

let origin = Coordinate(lat: 52.52, lon: 13.405)
let plane = LocalProjection(origin: origin)

func zones(for person: Int) -> [SafeZone] {
    let home = plane.unproject(PlanarPoint(x: Double(person % 100) * 50, y: Double(person / 100) * 50))
    let school = (0..<4).map { corner in
        plane.unproject(PlanarPoint(x: Double(person % 100) * 50 + (corner % 3 == 0 ? 300 : 500),
                                    y: Double(person / 100) * 50 + (corner < 2 ? 300 : 500)))
    }
    return [
        SafeZone(id: "home-\(person)", name: "Home", shape: .circle(Circle(center: home, radiusMetres: 80)), isHome: true,
                 expectedPresence: ExpectedPresenceRule(deadlineSecondOfDay: 22 * 3_600)),
        SafeZone(id: "school-\(person)", name: "School", shape: .polygon(Polygon(vertices: school)),
                 schedule: WeeklySchedule(windows: [ScheduleWindow(days: Weekday.workdays, startSecondOfDay: 8 * 3_600, endSecondOfDay: 15 * 3_600)])),
    ]
}

/// Each person walks a random walk with pauses and GPS noise, one fix every five seconds.
func fixes(for person: Int) -> [Fix] {
    var random = Lcg(state: UInt64(person) &* 2_654_435_761 &+ 1)
    var x = Double(person % 100) * 50, y = Double(person / 100) * 50, heading = random.next() * 2 * .pi
    var result: [Fix] = []
    result.reserveCapacity(samplesPerPerson)
    for index in 0..<samplesPerPerson {
        if random.next() < 0.05 { heading += (random.next() - 0.5) * 3 }
        let speed = random.next() < 0.2 ? 0 : 1.3
        x += cos(heading) * speed * 5
        y += sin(heading) * speed * 5
        let c = plane.unproject(PlanarPoint(x: x + (random.next() - 0.5) * 10, y: y + (random.next() - 0.5) * 10))
        result.append(Fix(t: 1_795_392_000 + Double(index) * 5, lat: c.lat, lon: c.lon, accuracy: 5 + random.next() * 15,
                          speed: index % 2 == 0 ? speed : nil, utcOffsetSeconds: 3_600))
    }
    return result
}

func decimal(_ value: Double, digits: Int) -> String {
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let scaled = (value * scale).rounded()
    return digits == 0 ? String(Int(scaled)) : String(scaled / scale)
}

/// Resident memory of this process in bytes, from /proc/self/statm (0 where there is no /proc).
func residentBytes() -> Int {
    let descriptor = open("/proc/self/statm", O_RDONLY)
    guard descriptor >= 0 else { return 0 }
    defer { close(descriptor) }
    var buffer = [UInt8](repeating: 0, count: 128)
    let count = read(descriptor, &buffer, buffer.count)
    guard count > 0 else { return 0 }
    let fields = String(decoding: buffer[0..<count], as: UTF8.self).split(separator: " ")
    guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
}

let inputs = (0..<people).map(fixes(for:))
let residentBefore = residentBytes()
var trackers = (0..<people).map { PersonTracker(zones: zones(for: $0)) }
/// CPU time this thread has used, in seconds: unlike the wall clock, it does not count time other
/// processes on a busy machine took from us.
func threadCPUSeconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}

let clock = ContinuousClock()
var events = 0
let cpuBefore = threadCPUSeconds()
let elapsed = clock.measure {
    // Interleaved like a server: one sample per person per round.
    for index in 0..<samplesPerPerson {
        for person in 0..<people {
            events += trackers[person].ingest(inputs[person][index]).count
        }
    }
}
let cpuSeconds = threadCPUSeconds() - cpuBefore
let residentAfter = residentBytes()
let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
let total = people * samplesPerPerson
print("samples: \(total) (\(people) people × \(samplesPerPerson)), events: \(events)")
print("wall: \(decimal(seconds, digits: 3)) s, \(Int(Double(total) / seconds)) samples/s")
print("cpu:  \(decimal(cpuSeconds, digits: 3)) s, \(Int(Double(total) / cpuSeconds)) samples/s on one core, \(decimal(cpuSeconds / Double(total) * 1e9, digits: 0)) ns/sample")
print("memory per tracked person: \(MemoryLayout<PersonTracker>.size) bytes inline, \((residentAfter - residentBefore) / people) bytes resident with its heap (zones included)")

var distanceSink = 0.0
let pairs = 200_000
let geodesicTime = clock.measure {
    for index in 0..<pairs {
        distanceSink += Geodesic.distanceMetres(from: origin, to: Coordinate(lat: 40 + Double(index % 100) * 0.1, lon: -73 + Double(index % 37)))
    }
}
let haversineTime = clock.measure {
    for index in 0..<pairs {
        distanceSink += Haversine.distanceMetres(from: origin, to: Coordinate(lat: 40 + Double(index % 100) * 0.1, lon: -73 + Double(index % 37)))
    }
}
func nanoseconds(_ duration: Duration) -> Double {
    (Double(duration.components.seconds) * 1e18 + Double(duration.components.attoseconds)) / 1e9 / Double(pairs)
}
print("Vincenty distance: \(decimal(nanoseconds(geodesicTime), digits: 0)) ns, haversine: \(decimal(nanoseconds(haversineTime), digits: 0)) ns (checksum \(Int(distanceSink) % 1_000))")
