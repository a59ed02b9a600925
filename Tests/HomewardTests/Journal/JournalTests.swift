import Foundation
import HomewardHTTP
import HomewardHTTPTesting
import XCTest
@testable import Homeward

final class JournalTests: XCTestCase {
    private typealias S = JournalTestSupport

    func testEachKindIsStoredWithItsOwnFieldsAndListedInTimeOrder() throws {
        let test = try TestApp()
        let person = try test.makeAccount()
        try test.withClient { client in
            let bodies: [API.JournalEntryRequest] = [
                .sleep(from: "2026-11-20T22:30:00Z", to: "2026-11-21T06:30:00Z"),
                .water(at: "2026-11-21T08:00:00Z", millilitres: 250),
                .food(at: "2026-11-21T12:00:00Z", name: " Porridge ", servings: 2, calories: 150, carbs: 27, protein: 5, fat: 3),
                .exercise(at: "2026-11-21T17:00:00+01:00", name: "Swimming", minutes: 45, calories: 400),
            ]
            for body in bodies {
                let created = try S.send(client, .post, "/v1/journal", as: person, body: body)
                XCTAssertEqual(created.status, .created, created.text)
            }
            let list = try S.send(client, .get, "/v1/journal", as: person).decode(EntryListBody.self)
            XCTAssertEqual(list.entries.map(\.kind), ["sleep", "water", "food", "exercise"])
            XCTAssertEqual(list.entries[0].t, "2026-11-21T06:30:00.000Z", "a sleep without t is placed at its end")
            XCTAssertEqual(list.entries[1].millilitres, 250)
            XCTAssertEqual(list.entries[2].name, "Porridge", "names are trimmed")
            XCTAssertEqual(list.entries[2].servings, 2)
            XCTAssertEqual(list.entries[3].t, "2026-11-21T16:00:00.000Z")
            XCTAssertNil(list.entries[1].name)
            XCTAssertNil(list.nextCursor)

            let onlyFood = try S.send(client, .get, "/v1/journal?kind=food", as: person).decode(EntryListBody.self)
            XCTAssertEqual(onlyFood.entries.map(\.kind), ["food"])
            let window = try S.send(
                client, .get, "/v1/journal?from=2026-11-21T08:00:00Z&to=2026-11-21T16:00:00Z", as: person
            ).decode(EntryListBody.self)
            XCTAssertEqual(window.entries.map(\.kind), ["water", "food"], "from is inclusive, to exclusive")
        }
    }

    func testPagesFollowTheCursorWithoutGapsOrRepeats() throws {
        let test = try TestApp()
        let person = try test.makeAccount()
        try test.withClient { client in
            for minute in 0..<5 {
                let body = API.JournalEntryRequest.water(at: "2026-11-21T08:0\(minute):00Z", millilitres: 100 + minute)
                XCTAssertEqual(try S.send(client, .post, "/v1/journal", as: person, body: body).status, .created)
            }
            var seen: [Int] = []
            var target = "/v1/journal?limit=2"
            var pages = 0
            while true {
                let page = try S.send(client, .get, target, as: person).decode(EntryListBody.self)
                seen += page.entries.compactMap(\.millilitres)
                pages += 1
                guard let cursor = page.nextCursor else { break }
                target = "/v1/journal?limit=2&cursor=\(cursor)"
            }
            XCTAssertEqual(seen, [100, 101, 102, 103, 104])
            XCTAssertEqual(pages, 3)
            XCTAssertEqual(try S.send(client, .get, "/v1/journal?cursor=nonsense", as: person).status, .badRequest)
            XCTAssertEqual(try S.send(client, .get, "/v1/journal?limit=1001", as: person).status, .badRequest)
            XCTAssertEqual(try S.send(client, .get, "/v1/journal?limit=0", as: person).status, .badRequest)
            let reversed = try S.send(client, .get, "/v1/journal?from=2026-11-22T00:00:00Z&to=2026-11-21T00:00:00Z", as: person)
            XCTAssertEqual(reversed.status, .ok)
            XCTAssertEqual(try reversed.decode(EntryListBody.self).entries.count, 0)
        }
    }

    func testEveryValidationRuleAnswers400NamingTheField() throws {
        let test = try TestApp()
        let person = try test.makeAccount()
        let at = "2026-11-21T08:00:00Z"
        let typed: [(API.JournalEntryRequest, String)] = [
            (.water(at: at, millilitres: 0), "millilitres"),
            (.water(at: at, millilitres: 5001), "millilitres"),
            (API.JournalEntryRequest(kind: "water", t: at), "millilitres"),
            (API.JournalEntryRequest(kind: "water", millilitres: 200), "t"),
            (.water(at: "2026-02-30T08:00:00Z", millilitres: 200), "t"),
            (API.JournalEntryRequest(kind: "tea", t: at), "kind"),
            (API.JournalEntryRequest(kind: "food", t: at, servings: 1), "name"),
            (.food(at: at, name: "   ", servings: 1), "name"),
            (.food(at: at, name: "Soup", servings: 0), "servings"),
            (.food(at: at, name: "Soup", servings: 101), "servings"),
            (.food(at: at, name: "Soup", servings: 1, calories: -1), "calories"),
            (.food(at: at, name: "Soup", servings: 1, fat: 1001), "fat"),
            (.exercise(at: at, name: "Run", minutes: 0), "minutes"),
            (.exercise(at: at, name: "Run", minutes: 1441), "minutes"),
            (.sleep(from: at, to: at), "end"),
            (.sleep(from: at, to: "2026-11-21T07:00:00Z"), "end"),
            (.sleep(from: "2026-11-20T07:59:59Z", to: at), "end"),
            (API.JournalEntryRequest(kind: "sleep", end: at), "start"),
        ]
        // Kept as text: a wrong type, a field the kind does not take, a name over the limit.
        let raw: [(String, String)] = [
            (#"{"kind":"water","t":"2026-11-21T08:00:00Z","millilitres":2.5}"#, "millilitres"),
            (#"{"kind":"water","t":"2026-11-21T08:00:00Z","millilitres":200,"name":"tap"}"#, "name"),
            (#"{"kind":"food","t":"2026-11-21T08:00:00Z","name":"\#(String(repeating: "a", count: 201))","servings":1}"#, "name"),
            (#"{"kind":"food","t":"2026-11-21T08:00:00Z","name":"Soup","servings":1,"minutes":3}"#, "minutes"),
            (#"{"kind":"exercise","t":"2026-11-21T08:00:00Z","name":"Run","minutes":30,"servings":1}"#, "servings"),
            (#"{"kind":"sleep","start":"2026-11-21T08:00:00Z","end":"2026-11-21T09:00:00Z","millilitres":5}"#, "millilitres"),
        ]
        try test.withClient { client in
            for (body, field) in JSONBody.table(typed, raw) {
                let response = try S.send(client, .post, "/v1/journal", as: person, json: body)
                XCTAssertEqual(response.status, .badRequest, body)
                XCTAssertEqual(response.errorCode, "invalid_request", body)
                XCTAssertEqual(response.errorField, field, body)
            }
            let exactlyADay = API.JournalEntryRequest.sleep(from: "2026-11-20T08:00:00Z", to: "2026-11-21T08:00:00Z")
            XCTAssertEqual(try S.send(client, .post, "/v1/journal", as: person, body: exactlyADay).status, .created)
            let list = try S.send(client, .get, "/v1/journal", as: person).decode(EntryListBody.self)
            XCTAssertEqual(list.entries.count, 1, "nothing invalid was stored")
        }
    }

    func testEntriesInTheFutureBeyondTheClockSkewAreRefused() throws {
        let test = try TestApp()
        let person = try test.makeAccount()
        let now = test.clock.now()
        let soon = now.adding(milliseconds: 9 * 60_000).rfc3339
        let later = now.adding(milliseconds: 11 * 60_000).rfc3339
        try test.withClient { client in
            let fine = try S.send(client, .post, "/v1/journal", as: person, body: API.JournalEntryRequest.water(at: soon, millilitres: 100))
            XCTAssertEqual(fine.status, .created)
            let future = try S.send(client, .post, "/v1/journal", as: person, body: API.JournalEntryRequest.water(at: later, millilitres: 100))
            XCTAssertEqual(future.errorField, "t")
            let start = now.rfc3339
            let sleep = try S.send(client, .post, "/v1/journal", as: person, body: API.JournalEntryRequest.sleep(from: start, to: later))
            XCTAssertEqual(sleep.errorField, "end")
        }
    }

    func testDeleteRemovesOnlyTheCallersOwnEntry() throws {
        let test = try TestApp()
        let person = try test.makeAccount()
        let guardian = try test.makeAccount()
        try test.link(guardian: guardian, dependent: person)
        try test.withClient { client in
            let created = try S.send(client, .post, "/v1/journal", as: person, body: API.JournalEntryRequest.water(at: "2026-11-21T08:00:00Z", millilitres: 300))
            let id = try created.decode(EntryBody.self).id
            XCTAssertEqual(try S.send(client, .delete, "/v1/journal/\(id)", as: guardian).status, .notFound,
                           "a guardian reads but does not delete")
            XCTAssertEqual(try S.send(client, .delete, "/v1/journal/\(id)", as: person).status, .noContent)
            XCTAssertEqual(try S.send(client, .delete, "/v1/journal/\(id)", as: person).status, .notFound)
            XCTAssertEqual(try S.send(client, .get, "/v1/journal", as: person).decode(EntryListBody.self).entries.count, 0)
        }
    }

    func testDailyTotalsFollowTheCallersZoneAndCountSleepOnTheDayItEnds() throws {
        let test = try TestApp()
        let person = try test.makeAccount()
        try test.withClient { client in
            let bodies: [API.JournalEntryRequest] = [
                // 23:30 in New York on 20 November is 04:30 UTC on the 21st: it belongs to the 20th there.
                .water(at: "2026-11-21T04:30:00Z", millilitres: 400),
                .water(at: "2026-11-21T05:30:00Z", millilitres: 250),
                .food(at: "2026-11-21T17:00:00Z", name: "Pasta", servings: 1.5, calories: 300, protein: 10),
                .exercise(at: "2026-11-21T15:00:00Z", name: "Walk", minutes: 40, calories: 150),
                // 22:00 on the 20th to 06:15 on the 21st, New York time: 495 minutes on the 21st.
                .sleep(from: "2026-11-21T03:00:00Z", to: "2026-11-21T11:15:00Z"),
            ]
            for body in bodies {
                XCTAssertEqual(try S.send(client, .post, "/v1/journal", as: person, body: body).status, .created, "\(body)")
            }
            let newYork = try S.send(
                client, .get, "/v1/journal/daily?from=2026-11-20&to=2026-11-22&tz=America/New_York", as: person
            ).decode(DailyBody.self)
            XCTAssertEqual(newYork.days, [
                .init(date: "2026-11-20", waterMillilitres: 400, calories: 0, caloriesBurned: 0, exerciseMinutes: 0,
                      sleepMinutes: 0, proteinGrams: 0),
                .init(date: "2026-11-21", waterMillilitres: 250, calories: 450, caloriesBurned: 150, exerciseMinutes: 40,
                      sleepMinutes: 495, proteinGrams: 15),
                .init(date: "2026-11-22", waterMillilitres: 0, calories: 0, caloriesBurned: 0, exerciseMinutes: 0,
                      sleepMinutes: 0, proteinGrams: 0),
            ])
            let utc = try S.send(client, .get, "/v1/journal/daily?from=2026-11-20&to=2026-11-21", as: person)
                .decode(DailyBody.self)
            XCTAssertEqual(utc.days.map(\.waterMillilitres), [0, 650], "without tz the days are UTC days")
        }
    }

    func testDailyTotalsCoverADaylightSavingDayOfTwentyThreeHours() throws {
        let test = try TestApp()
        let person = try test.makeAccount()
        try test.withClient { client in
            // Berlin leaves summer time at 03:00 on 25 October 2026: that day has 25 hours; 29 March has 23.
            for (t, amount) in [("2026-03-28T22:59:00Z", 100), ("2026-03-28T23:00:00Z", 200),
                                ("2026-03-29T21:59:00Z", 300), ("2026-03-29T22:00:00Z", 400)] {
                let body = API.JournalEntryRequest.water(at: t, millilitres: amount)
                XCTAssertEqual(try S.send(client, .post, "/v1/journal", as: person, body: body).status, .created)
            }
            let days = try S.send(
                client, .get, "/v1/journal/daily?from=2026-03-28&to=2026-03-30&tz=Europe/Berlin", as: person
            ).decode(DailyBody.self).days
            XCTAssertEqual(days.map(\.date), ["2026-03-28", "2026-03-29", "2026-03-30"])
            XCTAssertEqual(days.map(\.waterMillilitres), [100, 500, 400])
        }
    }

    func testDailyParametersAreValidated() throws {
        let test = try TestApp()
        let person = try test.makeAccount()
        try test.withClient { client in
            for (query, field) in [
                ("tz=Mars/Olympus_Mons", "tz"), ("from=2026-02-30", "from"), ("to=21-11-2026", "to"),
                ("from=2026-11-22&to=2026-11-21", "from"), ("from=2025-01-01&to=2026-11-21", "from"),
            ] {
                let response = try S.send(client, .get, "/v1/journal/daily?\(query)", as: person)
                XCTAssertEqual(response.status, .badRequest, query)
                XCTAssertEqual(response.errorField, field, query)
            }
            let lastWeek = try S.send(client, .get, "/v1/journal/daily?tz=Asia/Tokyo", as: person).decode(DailyBody.self)
            XCTAssertEqual(lastWeek.days.count, JournalLimits.defaultDailyRangeDays)
        }
    }

    func testGuardiansReadADependentsJournalAndNoOneElseDoes() throws {
        let test = try TestApp()
        let person = try test.makeAccount()
        try test.withClient { client in
            XCTAssertEqual(try S.send(client, .post, "/v1/journal", as: person,
                                      body: API.JournalEntryRequest.water(at: "2026-11-21T08:00:00Z", millilitres: 300)).status, .created)
            try S.assertReadableOnlyBySelfAndGuardians(
                ["/v1/journal", "/v1/journal/daily?from=2026-11-21&to=2026-11-21"], of: person, in: test, client: client,
                expecting: "300"
            )
        }
    }

    func testWithoutAccountIdAGuardianReadsTheirOwnJournal() throws {
        let test = try TestApp()
        let person = try test.makeAccount()
        let guardian = try test.makeAccount()
        try test.link(guardian: guardian, dependent: person)
        try test.withClient { client in
            XCTAssertEqual(try S.send(client, .post, "/v1/journal", as: person,
                                      body: API.JournalEntryRequest.water(at: "2026-11-21T08:00:00Z", millilitres: 300)).status, .created)
            let own = try S.send(client, .get, "/v1/journal", as: guardian).decode(EntryListBody.self)
            XCTAssertTrue(own.entries.isEmpty)
            XCTAssertEqual(try client.execute(.post, "/v1/journal", body: S.body("{}")).status, .unauthorized)
        }
    }
}
