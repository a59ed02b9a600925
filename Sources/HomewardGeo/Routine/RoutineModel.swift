#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// The person's routine, learned from their own fixes: a grid of cells they have been in (the
/// places they stay and the corridors between them, since a path marks every cell it crosses), each
/// with the distinct days and the hours of the day, on workdays and weekends, they were there.
///
/// A position is usual at a time when its cell or a neighbour was visited on at least
/// `routineUsualMinimumDays` earlier days within `routineHourToleranceHours` of that hour. The
/// routine is learned once it holds `routineMinimumDays` distinct days. Learning costs a comparison
/// per fix while the person stays in one cell and hour, and a dictionary update when either changes;
/// at most `maxCells` cells are kept (those seen on fewest days are forgotten first).
public struct RoutineModel: Sendable, Equatable, Codable {
    /// The cells, by packed row and column.
    public private(set) var cells: [Int64: RoutineCell] = [:]
    /// Distinct local days with fixes.
    public private(set) var days = 0
    private var lastDay: Int?
    private var lastKey: Int64?
    private var lastHourBit: UInt64 = 0
    private var lastPosition: Coordinate?
    private var lastT: UnixSeconds = 0
    private var columnScale = 0.0
    private let cellDegrees: Double
    private let maxCells: Int

    /// An empty routine with cells of about `cellMetres` on a side, keeping at most `maxCells`.
    public init(cellMetres: Double, maxCells: Int) {
        cellDegrees = cellMetres / 111_195
        self.maxCells = max(4, maxCells)
    }

    /// Days with fixes before the local day `today`.
    public func daysBefore(_ today: Int) -> Int { lastDay == today ? days - 1 : days }

    /// Records that the person was at `coordinate` at `time`; a path from the previous position (at
    /// most `maxGapSeconds` earlier and `maxJumpMetres` away) marks the cells it crosses.
    public mutating func learn(
        _ coordinate: Coordinate, at time: LocalTime, t: UnixSeconds, maxGapSeconds: Double, maxJumpMetres: Double
    ) {
        if lastDay != time.dayNumber {
            days += 1
            lastDay = time.dayNumber
            lastKey = nil
        }
        if columnScale == 0 { columnScale = max(0.01, cos(Angle.radians(coordinate.lat))) }
        let bit = Self.hourBit(time)
        let key = key(of: coordinate)
        defer {
            lastPosition = coordinate
            lastT = t
        }
        guard key != lastKey || bit != lastHourBit else { return }
        if let previous = lastPosition, t - lastT <= maxGapSeconds, key != lastKey {
            let rows = abs(coordinate.lat - previous.lat) / cellDegrees
            let columns = abs(coordinate.lon - previous.lon) * columnScale / cellDegrees
            let steps = Int((2 * max(rows, columns)).rounded(.up))
            if steps > 1, Double(steps) * cellDegrees * 55_597 <= maxJumpMetres {
                for index in 1..<steps {
                    let fraction = Double(index) / Double(steps)
                    mark(self.key(of: Coordinate(
                        lat: previous.lat + (coordinate.lat - previous.lat) * fraction,
                        lon: previous.lon + (coordinate.lon - previous.lon) * fraction)), bit: bit, day: time.dayNumber)
                }
            }
        }
        mark(key, bit: bit, day: time.dayNumber)
        lastKey = key
        lastHourBit = bit
    }

    /// Whether `coordinate` is on the person's routine at `time` (see the type's summary).
    public func isUsual(
        _ coordinate: Coordinate, at time: LocalTime, minimumDays: Int, toleranceHours: Int
    ) -> Bool {
        guard columnScale > 0 else { return false }
        let row = Int64((coordinate.lat / cellDegrees).rounded(.down))
        let column = Int64((coordinate.lon * columnScale / cellDegrees).rounded(.down))
        let hour = Int(time.secondOfDay / 3_600)
        let weekend = time.weekday == .saturday || time.weekday == .sunday
        for dr in -1...1 {
            for dc in -1...1 {
                guard let cell = cells[Self.pack(row + Int64(dr), column + Int64(dc))],
                      cell.daysBefore(time.dayNumber) >= minimumDays else { continue }
                if cell.covers(hour: hour, weekend: weekend, toleranceHours: toleranceHours, today: time.dayNumber) {
                    return true
                }
            }
        }
        return false
    }

    private mutating func mark(_ key: Int64, bit: UInt64, day: Int) {
        if cells[key] == nil, cells.count >= maxCells { forgetLeastUsedCells() }
        cells[key, default: RoutineCell()].visit(hourBit: bit, day: day)
    }

    /// Drops the quarter of the cells seen on fewest days (the oldest first among equals), so the
    /// memory stays bounded and the cost is amortised over the insertions until the next drop.
    private mutating func forgetLeastUsedCells() {
        let victims = cells.sorted { ($0.value.days, $0.value.lastDay) < ($1.value.days, $1.value.lastDay) }
            .prefix(maxCells / 4).map(\.key)
        for key in victims { cells.removeValue(forKey: key) }
    }

    private func key(of coordinate: Coordinate) -> Int64 {
        Self.pack(
            Int64((coordinate.lat / cellDegrees).rounded(.down)),
            Int64((coordinate.lon * columnScale / cellDegrees).rounded(.down)))
    }

    private static func pack(_ row: Int64, _ column: Int64) -> Int64 { (row << 32) ^ (column & 0xFFFF_FFFF) }

    private static func hourBit(_ time: LocalTime) -> UInt64 {
        let weekend = time.weekday == .saturday || time.weekday == .sunday
        return 1 << UInt64((weekend ? 24 : 0) + min(23, Int(time.secondOfDay / 3_600)))
    }
}
