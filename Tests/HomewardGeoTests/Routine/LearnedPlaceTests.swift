import XCTest
@testable import HomewardGeo

/// Places from stays, keys that do not depend on what was learned first, places marked not usual,
/// and the false-alarm tuning of thresholds.
extension RoutineModelTests {
    func testHomeAndWorkAreThePlacesAndTheWalkIsNot() throws {
        let routine = self.learnedRoutine(days: 4)
        let places = routine.places(minimumStayDays: 2, limit: 10)
        XCTAssertEqual(places.count, 2, "\(places)")
        let work = self.scene.coordinate(x: RoutineModelTests.work.x, y: RoutineModelTests.work.y)
        let home = self.scene.coordinate(x: 0, y: 0)
        XCTAssertEqual(Set(places.map(\.key)).count, 2)
        for target in [home, work] {
            XCTAssertTrue(places.contains { Haversine.distanceMetres(from: $0.center, to: target) < 400 }, "a place near \(target)")
        }
        XCTAssertEqual(places.first { Haversine.distanceMetres(from: $0.center, to: work) < 400 }?.stayDays, 4)
        XCTAssertEqual(routine.places(minimumStayDays: 2, limit: 1).count, 1, "the limit holds")
    }

    func testAPlaceKeepsItsKeyWhateverWasLearnedFirst() {
        let routine = self.learnedRoutine(days: 3)
        var elsewhere = RoutineModel(cellMetres: 250, maxCells: 1_024)
        let far = Coordinate(lat: -33.9, lon: 151.2)
        elsewhere.learn(far, at: LocalTime(t: 0, utcOffsetSeconds: 0), t: 0, maxGapSeconds: 600, maxJumpMetres: 5_000)
        let work = self.scene.coordinate(x: RoutineModelTests.work.x, y: RoutineModelTests.work.y)
        XCTAssertEqual(routine.placeKey(of: work), elsewhere.placeKey(of: work))
        for place in routine.places(minimumStayDays: 2, limit: 10) {
            XCTAssertEqual(elsewhere.placeKey(of: place.center), place.key, "a place's centre lies in its own cell")
        }
    }

    func testAPlaceMarkedNotUsualIsNeverUsual() throws {
        var routine = self.learnedRoutine(days: 4)
        XCTAssertTrue(self.isUsual(routine, RoutineModelTests.work, day: 4, hour: 9))
        let work = self.scene.coordinate(x: RoutineModelTests.work.x, y: RoutineModelTests.work.y)
        let place = try XCTUnwrap(routine.places(minimumStayDays: 2, limit: 10).first { Haversine.distanceMetres(from: $0.center, to: work) < 400 })
        routine.markUnusual([place.key])
        XCTAssertFalse(self.isUsual(routine, RoutineModelTests.work, day: 4, hour: 9))
        XCTAssertEqual(routine.unusualPlace(containing: work), place.key)
        XCTAssertTrue(self.isUsual(routine, PlanarPoint(x: 0, y: 0), day: 4, hour: 7), "home stays usual")
    }

    func testFalseAlarmsRaiseThresholdsUpToTheirLimit() {
        let base = TrackerConfiguration()
        XCTAssertEqual(FalseAlarmTuning().applied(to: base), base)
        let one = FalseAlarmTuning(zoneExits: 1).applied(to: base)
        XCTAssertEqual(one.exitEvidenceRequiredSeconds, base.exitEvidenceRequiredSeconds * 1.5)
        XCTAssertEqual(one.exitEvidenceMarginMetres, base.exitEvidenceMarginMetres + 10)
        XCTAssertEqual(one.wanderingReportAfterSeconds, base.wanderingReportAfterSeconds, "other kinds untouched")
        let many = FalseAlarmTuning(wandering: 9, farFromHome: 9, maxSteps: 3).applied(to: base)
        XCTAssertEqual(many.wanderingReportAfterSeconds, base.wanderingReportAfterSeconds * 1.5 * 1.5 * 1.5)
        XCTAssertEqual(many.wanderingConfirmClassifications, base.wanderingConfirmClassifications + 3)
        XCTAssertEqual(many.farFromHomeMetres ?? 0, (base.farFromHomeMetres ?? 0) * 1.25 * 1.25 * 1.25, accuracy: 1e-9)
        XCTAssertEqual(FalseAlarmTuning(zoneExits: 5, maxSteps: 0).applied(to: base), base)
    }
}
