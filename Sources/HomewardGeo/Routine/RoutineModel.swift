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
/// `routineUsualMinimumDays` earlier days within `routineHourToleranceHours` of that hour, unless
/// it lies in or beside a place marked not usual (`markUnusual`). The
/// routine is learned once it holds `routineMinimumDays` distinct days. Learning costs a comparison
/// per fix while the person stays in one cell and hour, and a dictionary update when either changes;
/// at most `maxCells` cells are kept (those seen on fewest days are forgotten first).
///
/// A cell's column is counted in steps of `cellMetres` at the cosine of the whole degree of
/// latitude below the position, so a position falls in the same cell whatever was learned before
/// (a routine rebuilt from history names its places as the live one did). A stay (the person within
/// `placeRadiusMetres` of one spot for `placeMinimumSeconds`) marks the spot's cell once a day;
/// cells with stays on several days are the person's places (`places`).
public struct RoutineModel: Sendable, Equatable, Codable {
    /// The cells, by packed row and column.
    public private(set) var cells: [Int64: RoutineCell] = [:]
    /// Distinct local days with fixes.
    public private(set) var days = 0
    private var lastDay: Int?
    private var lastKey: Int64?
    private var lastHourBit: UInt64 = 0
    private var lastPosition: Coordinate?
    /// When the newest fix it learned was taken (0 before the first).
    public private(set) var lastT: UnixSeconds = 0
    private var columnScale = 0.0
    private var scaleDegree = Int.min
    private var stayAnchor: Coordinate?
    private var stayAnchorT: UnixSeconds = 0
    private var stayMarked = false
    private let cellDegrees: Double
    private let maxCells: Int
    /// The radius of a stay, in metres.
    public let placeRadiusMetres: Double
    /// How long a stay lasts at least, in seconds.
    public let placeMinimumSeconds: Double
    /// The cells of places marked not usual (see `markUnusual`).
    public private(set) var unusualPlaces: Set<Int64> = []
    /// The hours of the day the person is habitually far from home (nil in a routine stored before
    /// they were learned: none yet).
    private var awayHours: AwayHours?

    /// An empty routine with cells of about `cellMetres` on a side, keeping at most `maxCells`; a
    /// stay is `placeMinimumSeconds` within `placeRadiusMetres`.
    public init(cellMetres: Double, maxCells: Int, placeRadiusMetres: Double = 100, placeMinimumSeconds: Double = 600) {
        cellDegrees = cellMetres / 111_195
        self.maxCells = max(4, maxCells)
        self.placeRadiusMetres = placeRadiusMetres
        self.placeMinimumSeconds = placeMinimumSeconds
    }

    /// Marks the places of `keys` (`LearnedPlace.key`) as not usual: being in or beside one is never
    /// on the routine, whatever was learned there. Replaces the earlier marks.
    public mutating func markUnusual(_ keys: Set<Int64>) { unusualPlaces = keys }

    /// The cell of `coordinate` (the key of a place there).
    public func placeKey(of coordinate: Coordinate) -> Int64 {
        let (row, column) = Self.cell(of: coordinate, cellDegrees: cellDegrees, scale: Self.columnScale(at: coordinate.lat))
        return Self.pack(row, column)
    }

    /// The places: cells with stays on at least `minimumStayDays` days, most stayed first, a cell
    /// beside a place already listed merged into it; at most `limit`.
    public func places(minimumStayDays: Int, limit: Int) -> [LearnedPlace] {
        let candidates = cells.filter { Int($0.value.stayDays) >= max(1, minimumStayDays) }
            .sorted { ($0.value.stayDays, $0.value.days, $0.key) > ($1.value.stayDays, $1.value.days, $1.key) }
        var taken: [Int64: Int] = [:]
        var places: [LearnedPlace] = []
        for (key, cell) in candidates {
            let (row, column) = Self.unpack(key)
            let neighbour = (-1...1).lazy.flatMap { dr in (-1...1).lazy.map { dc in Self.pack(row + Int64(dr), column + Int64(dc)) } }
                .first { taken[$0] != nil }
            if let neighbour, let index = taken[neighbour] {
                places[index].days = max(places[index].days, Int(cell.days))
                places[index].lastDay = max(places[index].lastDay, Int(cell.lastDay))
                continue
            }
            guard places.count < limit else { continue }
            let hours = cell.hours | cell.lastDayHours
            let lat = (Double(row) + 0.5) * cellDegrees
            let scale = Self.columnScale(at: lat)
            taken[key] = places.count
            places.append(LearnedPlace(
                key: key, center: Coordinate(lat: lat, lon: (Double(column) + 0.5) * cellDegrees / scale),
                stayDays: Int(cell.stayDays), days: Int(cell.days), lastDay: Int(cell.lastDay),
                workdayHours: (0..<24).filter { hours & (1 << UInt64($0)) != 0 },
                weekendHours: (0..<24).filter { hours & (1 << UInt64(24 + $0)) != 0 }))
        }
        return places
    }

    /// Whether `coordinate` lies in or beside a place marked not usual.
    public func isInUnusualPlace(_ coordinate: Coordinate) -> Bool { unusualPlace(containing: coordinate) != nil }

    /// The place marked not usual that `coordinate` lies in or beside, if any.
    public func unusualPlace(containing coordinate: Coordinate) -> Int64? {
        guard !unusualPlaces.isEmpty else { return nil }
        let (row, column) = Self.cell(of: coordinate, cellDegrees: cellDegrees, scale: Self.columnScale(at: coordinate.lat))
        for dr in -1...1 {
            for dc in -1...1 {
                let key = Self.pack(row + Int64(dr), column + Int64(dc))
                if unusualPlaces.contains(key) { return key }
            }
        }
        return nil
    }

    /// Records that the person was far from home at `time` (see `AwayHours`).
    public mutating func noteAwayFromHome(at time: LocalTime) {
        var hours = awayHours ?? AwayHours()
        hours.note(time)
        awayHours = hours
    }

    /// On how many earlier days the person was far from home within `toleranceHours` of `time`'s
    /// hour (see `AwayHours.daysAway`).
    public func daysAwayFromHome(near time: LocalTime, toleranceHours: Int) -> Int {
        awayHours?.daysAway(near: time, toleranceHours: toleranceHours) ?? 0
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
            stayMarked = false
        }
        let degree = Int(coordinate.lat.rounded(.down))
        if degree != scaleDegree {
            scaleDegree = degree
            columnScale = Self.columnScale(at: coordinate.lat)
        }
        followStay(coordinate, t: t, day: time.dayNumber)
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
        guard days > 0, !isInUnusualPlace(coordinate) else { return false }
        let (row, column) = Self.cell(of: coordinate, cellDegrees: cellDegrees, scale: Self.columnScale(at: coordinate.lat))
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

    /// Follows the current stay: a fix farther than `placeRadiusMetres` from where it began starts
    /// another; one that has lasted `placeMinimumSeconds` marks its cell once a day.
    private mutating func followStay(_ coordinate: Coordinate, t: UnixSeconds, day: Int) {
        guard let anchor = stayAnchor else {
            stayAnchor = coordinate
            stayAnchorT = t
            return
        }
        let north = (coordinate.lat - anchor.lat) * 111_195
        let east = (coordinate.lon - anchor.lon) * 111_195 * columnScale
        guard north * north + east * east <= placeRadiusMetres * placeRadiusMetres else {
            stayAnchor = coordinate
            stayAnchorT = t
            stayMarked = false
            return
        }
        guard !stayMarked, t - stayAnchorT >= placeMinimumSeconds else { return }
        stayMarked = true
        let key = key(of: anchor)
        if cells[key] == nil, cells.count >= maxCells { forgetLeastUsedCells() }
        cells[key, default: RoutineCell()].stay(day: day)
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
        let (row, column) = Self.cell(of: coordinate, cellDegrees: cellDegrees, scale: columnScale)
        return Self.pack(row, column)
    }

    private static func cell(of coordinate: Coordinate, cellDegrees: Double, scale: Double) -> (Int64, Int64) {
        (Int64((coordinate.lat / cellDegrees).rounded(.down)), Int64((coordinate.lon * scale / cellDegrees).rounded(.down)))
    }

    /// The column scale of positions at `lat`: the cosine of the whole degree below it.
    private static func columnScale(at lat: Double) -> Double {
        max(0.01, cos(Angle.radians(lat.rounded(.down))))
    }

    private static func pack(_ row: Int64, _ column: Int64) -> Int64 { (row << 32) ^ (column & 0xFFFF_FFFF) }

    private static func unpack(_ key: Int64) -> (Int64, Int64) {
        let row = key >> 32
        return (row, Int64(Int32(truncatingIfNeeded: key ^ (row << 32))))
    }

    private static func hourBit(_ time: LocalTime) -> UInt64 {
        let weekend = time.weekday == .saturday || time.weekday == .sunday
        return 1 << UInt64((weekend ? 24 : 0) + min(23, Int(time.secondOfDay / 3_600)))
    }
}
