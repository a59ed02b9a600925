import Foundation
import HomewardHTTP
import HomewardHTTPTesting
import XCTest
@testable import Homeward

/// FourLife's entities over a real socket: every field the app keeps (FourLife.xcdatamodeld) is kept,
/// or refused by name; nothing is dropped.
final class FourLifeStoryTests: XCTestCase {
    private let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]

    func testWaterFoodAndExerciseKeepEveryFieldOfTheApp() throws {
        let test = try TestApp()
        let anna = try test.makeAccount()
        let picture = JSONValue.string(Data(png).base64EncodedString())
        try test.withClient { client in
            let water = try client.execute(.post, "/v1/journal", headers: anna.auth, body: JSONBody.encode(JSONValue.object([
                "kind": "water", "t": "2026-11-21T08:00:00Z", "millilitres": 250, "description": "After the walk", "picture": picture,
            ])))
            XCTAssertEqual(water.status, .created, water.text)
            let food = try client.execute(.post, "/v1/journal", headers: anna.auth, body: JSONBody.encode(JSONValue.object([
                "kind": "food", "t": "2026-11-21T12:30:00Z", "name": "Lentil soup", "servings": 1.5, "servingSize": 300,
                "calories": 180, "carbs": 20, "protein": 9, "fat": 4, "picture": picture,
            ])))
            XCTAssertEqual(food.status, .created, food.text)
            let exercise = try client.execute(.post, "/v1/journal", headers: anna.auth, body: JSONBody.encode(JSONValue.object([
                "kind": "exercise", "t": "2026-11-21T18:00:00Z", "name": "Run", "minutes": 30, "calories": 300,
                "description": "5 km by the river", "icon": picture,
            ])))
            XCTAssertEqual(exercise.status, .created, exercise.text)

            let listed = try client.execute(.get, "/v1/journal", headers: anna.auth)
            let entries = try listed.decode(EntryListBody.self).entries
            XCTAssertEqual(entries.count, 3)
            XCTAssertEqual(entries[0].description, "After the walk")
            XCTAssertEqual(entries[0].picture, picture.string)
            XCTAssertEqual(entries[1].servingSize, 300)
            XCTAssertEqual(entries[1].carbs, 20)
            XCTAssertEqual(entries[1].picture, picture.string)
            XCTAssertEqual(entries[2].description, "5 km by the river")
            XCTAssertEqual(entries[2].icon, picture.string)
        }
    }

    func testAFieldNoKindKeepsOrOfAnotherKindOrAnUnreadablePictureIsRefusedByName() throws {
        let test = try TestApp()
        let anna = try test.makeAccount()
        let cases: [(body: JSONValue, field: String)] = [
            (["kind": "water", "t": "2026-11-21T08:00:00Z", "millilitres": 250, "location": "kitchen"], "location"),
            (["kind": "water", "t": "2026-11-21T08:00:00Z", "millilitres": 250, "icon": .string(Data(png).base64EncodedString())], "icon"),
            (["kind": "food", "t": "2026-11-21T08:00:00Z", "name": "Soup", "servings": 1, "description": "hot"], "description"),
            (["kind": "food", "t": "2026-11-21T08:00:00Z", "name": "Soup", "servings": 1, "picture": "bm90IGFuIGltYWdl"], "picture"),
            (["kind": "food", "t": "2026-11-21T08:00:00Z", "name": "Soup", "servings": 1, "servingSize": 0], "servingSize"),
            (["kind": "exercise", "t": "2026-11-21T08:00:00Z", "name": "Run", "minutes": 5, "description": .string(String(repeating: "a", count: 1001))], "description"),
            (["kind": "exercise", "t": "2026-11-21T08:00:00Z", "name": "Run", "minutes": 5, "description": " \u{0C} "], "description"),
        ]
        try test.withClient { client in
            for (body, field) in cases {
                let response = try client.execute(.post, "/v1/journal", headers: anna.auth, body: JSONBody.encode(body))
                XCTAssertEqual(response.status, .badRequest, response.text)
                XCTAssertEqual(response.errorField, field, response.text)
            }
        }
        let stored: Int64 = try test.app.database.read { try $0.fetchOne("SELECT count(*) FROM journal_entries") ?? 0 }
        XCTAssertEqual(stored, 0)
    }
}
