/// A place the routine learned: a cell of the routine's grid where the person stayed (at least
/// `RoutineModel.placeMinimumSeconds` within `RoutineModel.placeRadiusMetres`) on several days,
/// together with the neighbouring cells' stays, which are the same place seen across a cell line.
public struct LearnedPlace: Sendable, Equatable, Codable {
    /// The place's cell (stable: the same position always falls in the same cell).
    public var key: Int64
    /// The centre of that cell.
    public var center: Coordinate
    /// Distinct days the person stayed there (the most of the cells merged into it).
    public var stayDays: Int
    /// Distinct days the person was there at all.
    public var days: Int
    /// The last day they were there (days since 1970-01-01, local).
    public var lastDay: Int
    /// Hours of workdays they were there (0–23).
    public var workdayHours: [Int]
    /// Hours of weekend days they were there (0–23).
    public var weekendHours: [Int]
}
