/// A motion report as a phone posts it: what happened in the interval that ended at `time`.
public struct MotionSample: Sendable, Equatable {
    /// The client's id of the sample, used to recognise resends.
    public var id: String?
    /// The end of the interval the report covers.
    public var time: Timestamp
    /// Steps in the interval (an increment, not a running total).
    public var steps: Int?
    /// Metres covered in the interval (an increment).
    public var distanceMetres: Double?
    /// What the person was doing.
    public var activity: MotionActivity?

    /// Creates a report.
    public init(id: String? = nil, time: Timestamp, steps: Int? = nil, distanceMetres: Double? = nil, activity: MotionActivity? = nil) {
        self.id = id
        self.time = time
        self.steps = steps
        self.distanceMetres = distanceMetres
        self.activity = activity
    }

    /// Steps one report may carry at most (a day of running is about 50,000).
    static let maxStepsPerSample = 1_000_000
    /// Metres one report may carry at most.
    static let maxDistanceMetresPerSample = 1_000_000.0

    /// The first rule of API.md this report breaks at time `now`, if any.
    func problem(now: Timestamp) -> SampleProblem? {
        if time.unixMilliseconds > now.unixMilliseconds + IngestLimits.maxFutureMilliseconds {
            return SampleProblem(code: "in_future", key: "t", message: "t must not be more than 10 minutes in the future")
        }
        if let steps, steps < 0 || steps > Self.maxStepsPerSample {
            return SampleProblem(code: "out_of_range", key: "steps", message: "steps must be between 0 and \(Self.maxStepsPerSample)")
        }
        if let distanceMetres, distanceMetres < 0 || distanceMetres > Self.maxDistanceMetresPerSample {
            return SampleProblem(
                code: "out_of_range", key: "distance",
                message: "distance must be metres between 0 and \(Int(Self.maxDistanceMetresPerSample))")
        }
        return nil
    }
}

extension MotionSample: IngestSample {
    static let fieldNames = ["id", "t", "steps", "activity", "distance"]
    static let fieldNameBytes = fieldNames.map { Array($0.utf8) }

    init(fields: SampleFields) throws(SampleProblem) {
        let steps = try fields.optionalNumber("steps")
        if let steps, steps.rounded() != steps || abs(steps) > Double(Self.maxStepsPerSample) {
            throw SampleProblem(code: "wrong_type", key: "steps", message: "steps must be a whole number up to \(Self.maxStepsPerSample)")
        }
        let activityName = try fields.optionalString("activity", maxBytes: IngestLimits.maxSampleIDBytes)
        var activity: MotionActivity?
        if let activityName {
            guard let known = MotionActivity(rawValue: activityName) else {
                throw SampleProblem(
                    code: "out_of_range", key: "activity",
                    message: "activity must be one of \(MotionActivity.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            activity = known
        }
        self.init(
            id: try fields.optionalString("id", maxBytes: IngestLimits.maxSampleIDBytes),
            time: try fields.time("t"),
            steps: steps.map { Int($0) },
            distanceMetres: try fields.optionalNumber("distance"),
            activity: activity
        )
    }
}
