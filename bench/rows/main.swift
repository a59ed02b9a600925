import Foundation
import HomewardStore

// What reading rows by column name costs against reading them by position: an alert as
// AlertStore reads it (25 columns, two joins) fetched by key from a cached statement, then the same
// row decoded again and again inside one fetch (the decoding alone).
// Usage: swift build -c release --product homeward-row-bench && .build/release/homeward-row-bench [ROWS]

let rows = CommandLine.arguments.dropFirst().first.flatMap(Int.init) ?? 200_000
let database = try SQLiteDatabase(path: ":memory:")
try database.execute(sql: """
    CREATE TABLE accounts (key INTEGER PRIMARY KEY, id TEXT, name TEXT);
    CREATE TABLE alerts (
        key INTEGER PRIMARY KEY, id TEXT, account_key INTEGER, type TEXT, status TEXT, created_at_ms INTEGER,
        fires_at_ms INTEGER, fired_late INTEGER, lat REAL, lon REAL, accuracy_m REAL, location_at_ms INTEGER, message TEXT,
        trip_id TEXT, acknowledged_by_key INTEGER, acknowledged_at_ms INTEGER, resolved_at_ms INTEGER, escalation_step INTEGER,
        escalated_at_ms INTEGER, escalates_at_ms INTEGER, evidence TEXT, false_alarm_at_ms INTEGER);
    INSERT INTO accounts VALUES (1, 'person-id', 'Person'), (2, 'guardian-id', 'Guardian');
    INSERT INTO alerts VALUES (7, 'alert-id', 1, 'left_zone', 'acknowledged', 1000, NULL, 0, 51.5, -0.12, 10.0, 990, 'Left Home',
        NULL, 2, 1100, NULL, 1, 1050, NULL, NULL, NULL);
    """)
let sql = """
    SELECT x.key, x.id, x.account_key, x.type, x.status, a.id AS account_id, a.name AS account_name, x.created_at_ms,
        x.fires_at_ms, x.fired_late, x.lat, x.lon, x.accuracy_m, x.location_at_ms, x.message, x.trip_id,
        g.id AS acknowledged_by_id, g.name AS acknowledged_by_name, x.acknowledged_at_ms, x.resolved_at_ms,
        x.escalation_step, x.escalated_at_ms, x.escalates_at_ms, x.evidence, x.false_alarm_at_ms
    FROM alerts x JOIN accounts a ON a.key = x.account_key LEFT JOIN accounts g ON g.key = x.acknowledged_by_key
    WHERE x.key = ?
    """

/// The row's values, whichever way they were read.
struct Alert {
    var key: Int64, id: String, accountKey: Int64, type: String, status: String, accountID: String, accountName: String
    var createdAt: Int64, firesAt: Int64?, firedLate: Bool, lat: Double?, lon: Double?, accuracy: Double?, locationAt: Int64?
    var message: String?, tripID: String?, acknowledgedByID: String?, acknowledgedByName: String?, acknowledgedAt: Int64?
    var resolvedAt: Int64?, escalationStep: Int, escalatedAt: Int64?, escalatesAt: Int64?, evidence: String?, falseAlarmAt: Int64?
}

func byPosition(_ row: Row) throws -> Alert {
    Alert(
        key: try row.value(at: 0), id: try row.value(at: 1), accountKey: try row.value(at: 2), type: try row.value(at: 3),
        status: try row.value(at: 4), accountID: try row.value(at: 5), accountName: try row.value(at: 6),
        createdAt: try row.value(at: 7), firesAt: try row.value(at: 8), firedLate: try row.value(at: 9), lat: try row.value(at: 10),
        lon: try row.value(at: 11), accuracy: try row.value(at: 12), locationAt: try row.value(at: 13), message: try row.value(at: 14),
        tripID: try row.value(at: 15), acknowledgedByID: try row.value(at: 16), acknowledgedByName: try row.value(at: 17),
        acknowledgedAt: try row.value(at: 18), resolvedAt: try row.value(at: 19), escalationStep: try row.value(at: 20),
        escalatedAt: try row.value(at: 21), escalatesAt: try row.value(at: 22), evidence: try row.value(at: 23),
        falseAlarmAt: try row.value(at: 24))
}

func byName(_ row: Row) throws -> Alert {
    Alert(
        key: try row.value(named: "key"), id: try row.value(named: "id"), accountKey: try row.value(named: "account_key"),
        type: try row.value(named: "type"), status: try row.value(named: "status"), accountID: try row.value(named: "account_id"),
        accountName: try row.value(named: "account_name"), createdAt: try row.value(named: "created_at_ms"),
        firesAt: try row.value(named: "fires_at_ms"), firedLate: try row.value(named: "fired_late"), lat: try row.value(named: "lat"),
        lon: try row.value(named: "lon"), accuracy: try row.value(named: "accuracy_m"), locationAt: try row.value(named: "location_at_ms"),
        message: try row.value(named: "message"), tripID: try row.value(named: "trip_id"),
        acknowledgedByID: try row.value(named: "acknowledged_by_id"), acknowledgedByName: try row.value(named: "acknowledged_by_name"),
        acknowledgedAt: try row.value(named: "acknowledged_at_ms"), resolvedAt: try row.value(named: "resolved_at_ms"),
        escalationStep: try row.value(named: "escalation_step"), escalatedAt: try row.value(named: "escalated_at_ms"),
        escalatesAt: try row.value(named: "escalates_at_ms"), evidence: try row.value(named: "evidence"),
        falseAlarmAt: try row.value(named: "false_alarm_at_ms"))
}

func nanosecondsPerRow(_ body: () throws -> Void) rethrows -> Int {
    let start = DispatchTime.now().uptimeNanoseconds
    try body()
    return Int((DispatchTime.now().uptimeNanoseconds - start) / UInt64(rows))
}

var checksum: Int64 = 0
print("\(rows) rows a round; ns per row")
print("round  read by   fetch+decode  decode alone")
for round in 1...3 {
    for (label, decode) in [("position", byPosition), ("name", byName)] as [(String, (Row) throws -> Alert)] {
        let fetched = try nanosecondsPerRow {
            for _ in 0..<rows { checksum &+= try database.fetchOne(sql, [7], map: decode)?.key ?? 0 }
        }
        let decoded = try nanosecondsPerRow {
            _ = try database.fetchOne(sql, [7]) { row in
                for _ in 0..<rows { checksum &+= try decode(row).createdAt }
            }
        }
        print("\(round)      \(label.padding(toLength: 9, withPad: " ", startingAt: 0)) \(fetched)          \(decoded)")
    }
}
if checksum == 0 { print("no rows read") }
