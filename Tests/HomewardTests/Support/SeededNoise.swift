import Foundation

/// Deterministic GPS noise for the tests: a linear congruential generator, the same values at every
/// run from one seed.
struct SeededNoise {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    /// A value in -bound...bound.
    mutating func next(within bound: Double) -> Double {
        (nextFraction() * 2 - 1) * bound
    }

    /// A value of a normal distribution around 0 with deviation `sigma` (Box–Muller).
    mutating func gaussian(sigma: Double) -> Double {
        let radius = (-2 * log(nextOpenFraction())).squareRoot()
        return sigma * radius * cos(2 * .pi * nextOpenFraction())
    }

    /// A value in 0..<1.
    private mutating func nextFraction() -> Double {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Double(state >> 11) / Double(1 << 53)
    }

    /// A value in 0...1 without its ends (a logarithm's argument).
    private mutating func nextOpenFraction() -> Double {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return (Double(state >> 11) + 0.5) / Double(1 << 53)
    }
}
