import XCTest
@testable import HomewardGeo

/// Zones kept in another time zone than the person's read their schedule in their own.
final class ZoneTimeZoneTests: XCTestCase {
    let scene = Scene()

    private func zoneEvents(_ events: [GeoEvent]) -> [GeoEvent] {
        events.filter {
            switch $0 {
            case .leftZone, .enteredZone: true
            default: false
            }
        }
    }

    /// Walking out of a hotel in daylight at 1.2 m/s, a fix every 5 s, on the person's first day:
    /// the hotel is a zone whose schedule is read in its own time zone, not in the home's.
    func testWalkingOutOfAZoneInAnotherTimeZoneInDaylightRaises() {
        var random = SeededGenerator(seed: 5)
        // Home in Vienna (UTC+1 in winter); the hotel in Tokyo (UTC+9), watched 07:00–23:00 there.
        let byDay = WeeklySchedule(windows: [ScheduleWindow(days: Weekday.everyDay, startSecondOfDay: 7 * 3_600, endSecondOfDay: 23 * 3_600)])
        let hotel = SafeZone(
            id: "hotel", name: "Hotel", shape: .circle(Circle(center: scene.center, radiusMetres: 80)), schedule: byDay,
            timeZoneOffsets: UTCOffsetTable(fixedUTCOffsetSeconds: 9 * 3_600))
        let homeZone = SafeZone(
            id: "home", name: "Home", shape: .circle(Circle(center: Coordinate(lat: 48.2, lon: 16.37), radiusMetres: 150)),
            isHome: true)
        var tracker = PersonTracker(zones: [homeZone, hotel])
        // 10:00 in Tokyo is 02:00 in Vienna.
        let start = Scene.monday + 1 * 3_600
        var fixes = scene.stand(
            at: PlanarPoint(x: 0, y: 0), seconds: 300, startTime: start, interval: 5, noise: &random, accuracy: 12,
            utcOffsetSeconds: 3_600)
        fixes += scene.walk(
            from: PlanarPoint(x: 0, y: 0), to: PlanarPoint(x: 400, y: 0), speed: 1.2, startTime: start + 300, interval: 5,
            noise: &random, accuracy: 12, utcOffsetSeconds: 3_600)
        let events = zoneEvents(fixes.flatMap { tracker.ingest($0) })
        XCTAssertEqual(events, [.leftZone(zoneId: "hotel")])
    }
}
