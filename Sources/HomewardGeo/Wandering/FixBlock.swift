/// The raw fixes of a few tens of seconds, summed up: when the block began, their mean position in
/// the tracker's plane, how far they scatter about it and how many there were.
public struct FixBlock: Sendable, Equatable, Codable {
    /// When the block's first fix was taken.
    public var t: UnixSeconds
    /// The mean position of the block's fixes.
    public var mean: PlanarPoint
    /// The mean squared distance of the block's fixes from `mean`, in square metres (0 for one fix).
    public var scatterSquareMetres: Double
    /// How many fixes the block holds.
    public var fixes: Int
}
