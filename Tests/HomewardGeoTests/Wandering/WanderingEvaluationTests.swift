import XCTest
@testable import HomewardGeo

final class WanderingEvaluationTests: XCTestCase {
    static let trajectoriesPerLabel = 100

    func testSyntheticTrajectoriesReachNinetyPercentPrecisionAndRecallOnEachWanderingClass() {
        var confusion: [TrajectoryLabel: [String: Int]] = [:]
        var predictedCounts: [String: Int] = [:]
        for label in TrajectoryLabel.allCases {
            for seed in 0..<UInt64(Self.trajectoriesPerLabel) {
                var tracker = PersonTracker()
                var predicted = "none"
                for fix in TrajectoryGenerator.fixes(for: label, seed: seed) {
                    for case .wanderingStarted(let pattern, _) in tracker.ingest(fix) where predicted == "none" {
                        predicted = pattern.rawValue
                    }
                }
                confusion[label, default: [:]][predicted, default: 0] += 1
                predictedCounts[predicted, default: 0] += 1
            }
        }
        var table = "| class | precision | recall | support |\n|---|---|---|---|\n"
        var scores: [WanderingPattern: (precision: Double, recall: Double)] = [:]
        for pattern in [WanderingPattern.lapping, .pacing, .random] {
            let truePositives = confusion[TrajectoryLabel(rawValue: pattern.rawValue)!]?[pattern.rawValue] ?? 0
            let predicted = predictedCounts[pattern.rawValue] ?? 0
            let precision = predicted == 0 ? 0 : Double(truePositives) / Double(predicted)
            let recall = Double(truePositives) / Double(Self.trajectoriesPerLabel)
            scores[pattern] = (precision, recall)
            table += "| \(pattern.rawValue) | \(String(format: "%.3f", precision)) | \(String(format: "%.3f", recall)) | \(Self.trajectoriesPerLabel) |\n"
        }
        table += "\nconfusion (rows: truth, columns: first pattern reported)\n| truth | none | lapping | pacing | random |\n|---|---|---|---|---|\n"
        for label in TrajectoryLabel.allCases {
            let row = confusion[label] ?? [:]
            table += "| \(label.rawValue) | \(row["none"] ?? 0) | \(row["lapping"] ?? 0) | \(row["pacing"] ?? 0) | \(row["random"] ?? 0) |\n"
        }
        print(table)
        for (pattern, score) in scores {
            XCTAssertGreaterThanOrEqual(score.precision, 0.9, "precision of \(pattern)")
            XCTAssertGreaterThanOrEqual(score.recall, 0.9, "recall of \(pattern)")
        }
    }
}
