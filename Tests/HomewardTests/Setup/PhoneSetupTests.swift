import Foundation
import HomewardHTTP
import HomewardHTTPTesting
import XCTest
@testable import Homeward

/// Setting up a phone by one link or QR code: a post-only key for the person, made by the person or a
/// guardian; the link carries what each app needs, the key posts fixes and reads nothing, the device
/// is listed, heard from and revocable.
final class PhoneSetupTests: XCTestCase {
    /// What the tests read of `POST /v1/accounts/{id}/phone-setup`.
    private struct Setup: Decodable {
        struct Device: Decodable {
            let id: String
            let name: String
        }

        struct Setting: Decodable {
            let label: String
            let value: String
        }

        let device: Device
        let app: String
        let link: String
        let qrCode: String
        let settings: [Setting]
        let steps: [String]
        let replaced: [String]
    }

    private struct Device: Decodable {
        let id: String
        let lastUsedAt: Timestamp?
    }

    private func family() throws -> (TestApp, dad: TestApp.Account, tom: TestApp.Account, stranger: TestApp.Account) {
        let test = try TestApp { $0.publicBaseURL = "https://homeward.example.org" }
        let dad = try test.makeAccount(name: "Dad")
        let tom = try test.makeAccount(name: "Tom")
        let stranger = try test.makeAccount(name: "Stranger")
        try test.link(guardian: tom, dependent: dad)
        return (test, dad, tom, stranger)
    }

    private func setUp(_ app: String, for person: TestApp.Account, by caller: TestApp.Account, with client: HTTPTestClient) throws -> Setup {
        let answer = try client.send(.post, "/v1/accounts/\(person.id)/phone-setup", token: caller.token, json: #"{"app":"\#(app)"}"#)
        XCTAssertEqual(answer.status, .created, answer.text)
        XCTAssertEqual(answer.headers["Cache-Control"], "no-store", "the answer holds a key")
        return try answer.decode(Setup.self)
    }

    /// The query values of a custom-scheme link.
    private func query(of link: String) throws -> [String: String] {
        let items = try XCTUnwrap(URLComponents(string: link)?.queryItems)
        return Dictionary(items.map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { first, _ in first })
    }

    func testAGuardianSetsUpOwnTracksAndTheDecodedKeyPostsAFixButReadsNothing() throws {
        let (test, dad, tom, stranger) = try family()
        try test.withClient { client in
            let zone = JSONBody.encode(API.ZoneRequest.circle("Home", lat: 51.5, lon: -0.12, radius: 150, home: true))
            XCTAssertEqual(try client.execute(.post, "/v1/accounts/\(dad.id)/zones", headers: tom.auth, body: zone).status.code, 201)
            let setup = try setUp("owntracks", for: dad, by: tom, with: client)
            XCTAssertEqual(setup.device.name, "OwnTracks phone")
            XCTAssertTrue(setup.link.hasPrefix("owntracks:///config?inline="), setup.link)
            XCTAssertFalse(setup.link.contains("+"), "base64 is percent-encoded: Android's URLDecoder reads + as a space")

            // The configuration as OwnTracks decodes it: percent-decoding, then standard base64.
            let inline = try XCTUnwrap(try query(of: setup.link)["inline"])
            let configuration = try XCTUnwrap(
                try JSONSerialization.jsonObject(with: try XCTUnwrap(Data(base64Encoded: inline))) as? [String: Any])
            XCTAssertEqual(configuration["_type"] as? String, "configuration")
            XCTAssertEqual(configuration["mode"] as? Int, 3, "HTTP mode")
            XCTAssertEqual(configuration["url"] as? String, "https://homeward.example.org/v1/clients/owntracks")
            XCTAssertEqual(configuration["auth"] as? Bool, true, "iOS sends Basic credentials only with auth")
            XCTAssertEqual(configuration["tid"] as? String, "DA")
            let waypoints = try XCTUnwrap(configuration["waypoints"] as? [[String: Any]])
            XCTAssertEqual(waypoints.map { $0["desc"] as? String }, ["Home"])
            XCTAssertEqual(waypoints.first?["rad"] as? Int, 150)
            let user = try XCTUnwrap(configuration["username"] as? String)
            let key = try XCTUnwrap(configuration["password"] as? String)
            XCTAssertEqual(setup.settings.first { $0.label == "Password" }?.value, key)

            // The QR code is a PNG of the same link.
            let png = try XCTUnwrap(Data(base64Encoded: String(setup.qrCode.dropFirst("data:image/png;base64,".count))))
            XCTAssertTrue(setup.qrCode.hasPrefix("data:image/png;base64,"))
            XCTAssertEqual(Array(png.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
            if let decoded = try zbarimg(png) { XCTAssertEqual(decoded, setup.link) }

            // Not heard from yet.
            let before = try client.send(.get, "/v1/accounts/\(dad.id)/devices/\(setup.device.id)", token: tom.token)
            XCTAssertEqual(before.status, .ok, before.text)
            XCTAssertNil(try before.decode(Device.self).lastUsedAt)

            // The phone posts as OwnTracks does, with the decoded credentials.
            test.clock.advance(bySeconds: 5)
            let fix = #"{"_type":"location","lat":51.5072,"lon":-0.1276,"tst":\#(test.clock.now().unixMilliseconds / 1000),"acc":12,"tid":"DA"}"#
            let posted = try client.execute(.post, "/v1/clients/owntracks", headers: TestApp.basic(user, key), body: Array(fix.utf8))
            XCTAssertEqual(posted.status, .ok, posted.text)
            XCTAssertEqual(posted.text, "[]", "a post-only key is shown no one, not even the person's own card or zones")
            XCTAssertEqual(try test.storedLocations(of: dad).map(\.lat), [51.5072])
            let heard = try client.send(.get, "/v1/accounts/\(dad.id)/devices/\(setup.device.id)", token: dad.token).decode(Device.self)
            XCTAssertEqual(heard.lastUsedAt, test.clock.now(), "the page can say the phone was heard from")

            // The key reads nothing: no API read, as a bearer token or a Basic password.
            for target in ["/v1/me", "/v1/accounts/\(dad.id)/location", "/v1/dependents", "/v1/me/devices"] {
                XCTAssertEqual(try client.send(.get, target, token: key).status.code, 401, target)
                XCTAssertEqual(try client.execute(.get, target, headers: TestApp.basic(user, key)).status.code, 401, target)
            }

            // Anyone else is told nothing exists.
            XCTAssertEqual(try client.send(.post, "/v1/accounts/\(dad.id)/phone-setup", token: stranger.token, json: #"{"app":"owntracks"}"#).status.code, 404)
            XCTAssertEqual(try client.send(.get, "/v1/accounts/\(dad.id)/devices/\(setup.device.id)", token: stranger.token).status.code, 404)
            XCTAssertEqual(try client.send(.delete, "/v1/accounts/\(dad.id)/devices/\(setup.device.id)", token: stranger.token).status.code, 404)
            XCTAssertEqual(try client.send(.post, "/v1/accounts/\(dad.id)/phone-setup", token: tom.token, json: #"{"app":"pager"}"#).errorField, "app")

            // Listed among the person's own devices; the guardian revokes it and it posts no more.
            XCTAssertTrue(try client.send(.get, "/v1/me/devices", token: dad.token).text.contains(setup.device.id))
            XCTAssertEqual(try client.send(.delete, "/v1/accounts/\(dad.id)/devices/\(setup.device.id)", token: tom.token).status.code, 204)
            let revoked = try client.execute(.post, "/v1/clients/owntracks", headers: TestApp.basic(user, key), body: Array(fix.utf8))
            XCTAssertEqual(revoked.status.code, 401)
        }
    }

    func testOverlandAndTraccarLinksCarryAKeyThatPostsWithTheirOwnProtocols() throws {
        let (test, dad, tom, _) = try family()
        try test.withClient { client in
            let overland = try setUp("overland", for: dad, by: dad, with: client)
            let overlandQuery = try query(of: overland.link)
            XCTAssertTrue(overland.link.hasPrefix("overland://setup?"), overland.link)
            XCTAssertEqual(overlandQuery["url"], "https://homeward.example.org/v1/clients/overland")
            XCTAssertEqual(overlandQuery["device_id"], "phone")
            let token = try XCTUnwrap(overlandQuery["token"])
            let time = "2026-11-25T10:00:00Z"
            let batch = #"{"locations":[{"type":"Feature","geometry":{"type":"Point","coordinates":[-0.1276,51.5072]},"properties":{"timestamp":"\#(time)","horizontal_accuracy":10}}]}"#
            let posted = try client.execute(
                .post, "/v1/clients/overland", headers: ["Authorization": "Bearer \(token)", "Content-Type": "application/json"], body: Array(batch.utf8))
            XCTAssertEqual(posted.text, #"{"result":"ok"}"#)

            let traccar = try setUp("traccar", for: dad, by: tom, with: client)
            let traccarQuery = try query(of: traccar.link)
            XCTAssertTrue(traccar.link.hasPrefix("org.traccar.client://config?"), traccar.link)
            XCTAssertEqual(traccarQuery["url"], "https://homeward.example.org/v1/clients/osmand")
            let id = try XCTUnwrap(traccarQuery["id"])
            let form = "id=\(id)&lat=51.5080&lon=-0.1280&timestamp=\(test.clock.now().unixMilliseconds / 1000)&accuracy=8"
            let sent = try client.execute(
                .post, "/v1/clients/osmand", headers: ["Content-Type": "application/x-www-form-urlencoded"], body: Array(form.utf8))
            XCTAssertEqual(sent.status, .ok, sent.text)
            XCTAssertEqual(Set(try test.storedLocations(of: dad).map(\.lat)), [51.5072, 51.5080])

            let devices = try client.send(.get, "/v1/accounts/\(dad.id)/devices", token: tom.token)
            XCTAssertEqual(devices.status, .ok)
            XCTAssertTrue(devices.text.contains(overland.device.id) && devices.text.contains(traccar.device.id), devices.text)
        }
    }

    func testShowingTheCodeAgainReplacesOnlyTheCodeNoPhoneUsed() throws {
        let (test, dad, tom, _) = try family()
        try test.withClient { client in
            // A key made through the API and never used yet is not the setup page's to replace.
            let made = try client.send(.post, "/v1/me/devices", token: dad.token, json: #"{"name":"Tablet"}"#)
            XCTAssertEqual(made.status, .created, made.text)
            let tablet = try made.decode(Setup.Device.self)

            let first = try setUp("owntracks", for: dad, by: tom, with: client)
            XCTAssertEqual(first.replaced, [])
            let second = try setUp("overland", for: dad, by: tom, with: client)
            XCTAssertEqual(second.replaced, [first.device.id], "the first code was shown and no phone used it")
            let firstKey = try XCTUnwrap(first.settings.first { $0.label == "Password" }?.value)
            let batch = #"{"locations":[{"type":"Feature","geometry":{"type":"Point","coordinates":[-0.1276,51.5072]},"properties":{"timestamp":"2026-11-25T10:00:00Z"}}]}"#
            let refused = try client.execute(
                .post, "/v1/clients/overland", headers: ["Authorization": "Bearer \(firstKey)", "Content-Type": "application/json"], body: Array(batch.utf8))
            XCTAssertEqual(refused.status.code, 401, "a replaced code no longer sends")
            var listed = try client.send(.get, "/v1/accounts/\(dad.id)/devices", token: dad.token).text
            XCTAssertTrue(listed.contains(tablet.id) && listed.contains(second.device.id), listed)
            XCTAssertFalse(listed.contains(first.device.id), listed)

            // A phone that sent a position keeps its key when a code for another phone is shown.
            let token = try XCTUnwrap(try query(of: second.link)["token"])
            let posted = try client.execute(
                .post, "/v1/clients/overland", headers: ["Authorization": "Bearer \(token)", "Content-Type": "application/json"], body: Array(batch.utf8))
            XCTAssertEqual(posted.status, .ok, posted.text)
            let third = try setUp("traccar", for: dad, by: dad, with: client)
            XCTAssertEqual(third.replaced, [])
            listed = try client.send(.get, "/v1/accounts/\(dad.id)/devices", token: dad.token).text
            for id in [tablet.id, second.device.id, third.device.id] { XCTAssertTrue(listed.contains(id), listed) }
        }
    }

    func testOwnTracksGetsAtMostEightZonesAndTheLinkAlwaysFitsOneQRCode() throws {
        let (test, dad, tom, _) = try family()
        try test.withClient { client in
            for index in 0..<(PhoneSetupLink.maxWaypoints + 3) {
                let name = "A zone with a rather long name, number \(index)"
                let zone = JSONBody.encode(API.ZoneRequest.circle(name, lat: 51.5 + Double(index) / 100, lon: -0.12, radius: 100))
                XCTAssertEqual(try client.execute(.post, "/v1/accounts/\(dad.id)/zones", headers: tom.auth, body: zone).status.code, 201)
            }
            let setup = try setUp("owntracks", for: dad, by: tom, with: client)
            XCTAssertLessThanOrEqual(setup.link.utf8.count, QRCodeImage.maxTextBytes)
            let inline = try XCTUnwrap(try query(of: setup.link)["inline"])
            let configuration = try XCTUnwrap(
                try JSONSerialization.jsonObject(with: try XCTUnwrap(Data(base64Encoded: inline))) as? [String: Any])
            let waypoints = try XCTUnwrap(configuration["waypoints"] as? [[String: Any]])
            XCTAssertFalse(waypoints.isEmpty)
            XCTAssertLessThanOrEqual(waypoints.count, PhoneSetupLink.maxWaypoints)
        }
    }

    /// The text of the QR code in `png` as `zbarimg` reads it; nil when zbar-tools is not installed.
    private func zbarimg(_ png: Data) throws -> String? {
        let tool = ["/usr/bin/zbarimg", "/usr/local/bin/zbarimg"].first { FileManager.default.isExecutableFile(atPath: $0) }
        guard let tool else { return nil }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("homeward-qr-\(UUID().uuidString).png")
        try png.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = ["--quiet", "--raw", "-Sbinary", file.path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "zbarimg reads the code")
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .newlines)
    }
}
