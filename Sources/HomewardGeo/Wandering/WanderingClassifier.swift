/// Decides what a path's shape measures say, with the thresholds of a `TrackerConfiguration`.
public struct WanderingClassifier: Sendable {
    /// The thresholds.
    public let configuration: TrackerConfiguration

    /// Creates a classifier.
    public init(configuration: TrackerConfiguration) {
        self.configuration = configuration
    }

    /// Classifies a path: direct travel first, then pacing, lapping and random, in that order.
    public func classify(_ features: TrajectoryFeatures) -> MovementClass {
        let c = configuration
        if features.straightness >= c.directMinStraightness { return .direct }
        let repetitive = features.revisitFraction >= c.repetitionMinRevisitFraction
        let thinWithReversals = features.elongation <= c.pacingMaxElongation && features.reversals >= c.pacingMinReversals
        let manyReversals = features.elongation <= c.pacingManyReversalsMaxElongation
            && features.reversals >= c.pacingManyReversals
        let veryManyReversals = features.elongation <= c.pacingVeryManyReversalsMaxElongation
            && features.reversals >= c.pacingVeryManyReversals && features.turnConsistency < c.lappingMinTurnConsistency
        if repetitive, thinWithReversals || manyReversals || veryManyReversals,
           features.majorExtentMetres >= c.pacingMinExtentMetres {
            let score = min(1, Double(features.reversals) / Double(2 * c.pacingMinReversals))
                * (1 - features.elongation / 2)
            return .wandering(.pacing, score: score)
        }
        if repetitive, features.turns >= c.lappingMinTurns, features.turnConsistency >= c.lappingMinTurnConsistency {
            let score = min(1, features.turns / (2 * c.lappingMinTurns)) * features.turnConsistency
            return .wandering(.lapping, score: score)
        }
        let turningPer100Metres = features.pathLengthMetres > 0
            ? features.totalTurningRadians / features.pathLengthMetres * 100 : 0
        if features.straightness < c.randomMaxStraightness, turningPer100Metres >= c.randomMinTurningRadiansPer100Metres,
           features.turnConsistency < c.randomMaxTurnConsistency, features.revisitFraction < c.randomMaxRevisitFraction {
            let score = min(1, turningPer100Metres / (2 * c.randomMinTurningRadiansPer100Metres))
                * (1 - features.straightness)
            return .wandering(.random, score: score)
        }
        return .undetermined
    }
}
