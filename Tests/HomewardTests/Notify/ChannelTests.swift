import Foundation
import Homeward
import HomewardHTTP
import HomewardHTTPTesting
import HomewardStore
import XCTest

/// Channels: ntfy, Gotify and Telegram reached over verified TLS by stand-ins that speak each
/// service's documented requests; validation, secrets never shown back, alert-type choice, tests,
/// and access (another account's channel is absent).
final class ChannelTests: XCTestCase {
    private let ntfyToken = "tk_homewardtesttoken0123456789"
    private let gotifyToken = "AGotifyAppToken.1"
    private let botToken = "123456789:AAEhomewardTestBotToken_abcdefghij"

    private func receiver() throws -> PythonReceiver<HTTPSReceiverRecord> {
        try PythonReceiver<HTTPSReceiverRecord>(
            script: "https_receiver.py",
            arguments: ["--ntfy-token", ntfyToken, "--gotify-token", gotifyToken, "--telegram-token", botToken, "--quiet"],
            modules: ["trustme"])
    }

    private func app(trusting receiver: PythonReceiver<HTTPSReceiverRecord>) throws -> TestApp {
        try TestApp {
            $0.outgoingAllowHosts = ["127.0.0.1"]
            $0.outgoingCAFilePath = receiver.file("ca.pem")
            $0.pluginValues[TelegramChannel.apiURL.name] = "https://127.0.0.1:\(receiver.port)"
            $0.publicBaseURL = "https://homeward.example.org"
        }
    }

    @discardableResult
    private func addChannel(_ body: API.ChannelRequest, for account: TestApp.Account, with client: HTTPTestClient) throws -> ChannelResource {
        let answer = try client.send(.post, "/v1/me/channels", token: account.token, body: body)
        XCTAssertEqual(answer.status.code, 201, answer.text)
        return try answer.decode(ChannelResource.self)
    }

    func testAnSOSReachesNtfyGotifyAndTelegramAsEachServiceReadsIt() throws {
        let receiver = try receiver()
        let test = try app(trusting: receiver)
        let person = try test.makeAccount(name: "Jürgen")
        let guardian = try test.makeAccount(name: "Anna")
        try test.link(guardian: guardian, dependent: person)
        let base = "https://127.0.0.1:\(receiver.port)"
        try test.withClient { client in
            let ntfy = try addChannel(
                .ntfy("\(base)/homeward-anna", token: ntfyToken, label: "Anna's phone"),
                for: guardian, with: client)
            XCTAssertEqual(ntfy.target, "\(base)/homeward-anna")
            try addChannel(.gotify(base, token: gotifyToken), for: guardian, with: client)
            try addChannel(.telegram(botToken: botToken, chatId: "-100200300"), for: guardian, with: client)
            let list = try client.execute(.get, "/v1/me/channels", headers: guardian.auth)
            XCTAssertEqual(list.status.code, 200)
            for secret in [ntfyToken, gotifyToken, botToken] { XCTAssertFalse(list.text.contains(secret), "a token is never shown back") }
            let sos = try client.execute(
                .post, "/v1/alerts", headers: person.auth,
                body: JSONBody.encode(API.SOS(message: "Ich bin gestürzt", location: .init(lat: 52.52, lon: 13.405, accuracy: 12))))
            XCTAssertEqual(sos.status.code, 201, sos.text)
        }
        XCTAssertEqual(try test.app.deliveryWorker.deliverDue(), 3)

        let ntfy = try XCTUnwrap(try receiver.waitForRecord { $0.ntfy != nil }.ntfy)
        XCTAssertEqual(ntfy.topic, "homeward-anna")
        XCTAssertEqual(ntfy.title, "SOS: Jürgen")
        XCTAssertEqual(ntfy.message, "SOS for Jürgen: Ich bin gestürzt. Where: 52.52000, 13.40500, just now, within 12 m.")
        XCTAssertEqual(ntfy.priority, 5, "an SOS is urgent")
        XCTAssertTrue(ntfy.tags.contains("rotating_light"))
        XCTAssertTrue(ntfy.click.hasPrefix("https://homeward.example.org/#alerts/"), ntfy.click)
        let action = try XCTUnwrap(ntfy.actions.first)
        XCTAssertTrue((action.url ?? "").contains("mlat=52.520000"))

        let gotify = try XCTUnwrap(try receiver.waitForRecord { $0.gotify != nil }.gotify)
        XCTAssertEqual(gotify.title, "SOS: Jürgen")
        XCTAssertEqual(gotify.priority, 10)

        let message = try XCTUnwrap(try receiver.waitForRecord { $0.telegram?.method == "sendMessage" }.telegram)
        XCTAssertEqual(message.chatId, "-100200300")
        XCTAssertTrue((message.text ?? "").contains("SOS for Jürgen: Ich bin gestürzt."))
        let location = try XCTUnwrap(try receiver.waitForRecord { $0.telegram?.method == "sendLocation" }.telegram)
        XCTAssertEqual(location.latitude, 52.52)
        XCTAssertEqual(location.longitude, 13.405)

        // Each delivery is listed per recipient and channel, with its outcome.
        try test.withClient { client in
            let alerts = try client.execute(.get, "/v1/alerts", headers: guardian.auth)
            let id = try XCTUnwrap(try alerts.decode(API.AlertList.self).alerts.first?.id)
            let answer = try client.execute(.get, "/v1/alerts/\(id)/deliveries", headers: guardian.auth)
            let deliveries = try JSONDecoder().decode(AlertDeliveryList.self, from: Data(answer.body)).deliveries
            XCTAssertEqual(Set(deliveries.map(\.channel)), ["ntfy", "gotify", "telegram"])
            XCTAssertEqual(Set(deliveries.map(\.status)), ["delivered"])
            XCTAssertEqual(deliveries.first { $0.channel == "ntfy" }?.channelLabel, "Anna's phone")
            let channels = try JSONDecoder().decode(ChannelList.self, from: Data(try client.execute(.get, "/v1/me/channels", headers: guardian.auth).body))
            XCTAssertTrue(channels.channels.allSatisfy { $0.lastSuccessAt != nil && $0.lastError == nil })
        }
    }

    func testAnSOSWithoutAPositionTellsNtfyWhereTheNewestFixWasAndHowOldItIs() throws {
        let receiver = try receiver()
        let test = try app(trusting: receiver)
        let person = try test.makeAccount(name: "Dad")
        let guardian = try test.makeAccount(name: "Tom")
        try test.link(guardian: guardian, dependent: person)
        let fixTime = test.clock.now()
        let alert = try test.withClient { client in
            try addChannel(.ntfy("https://127.0.0.1:\(receiver.port)/homeward-tom", token: ntfyToken), for: guardian, with: client)
            let fix = API.LocationSample(t: Double(fixTime.unixMilliseconds) / 1000, lat: 51.5072, lon: -0.1276, accuracy: 15)
            let posted = try client.execute(
                .post, "/v1/locations", headers: person.auth, body: JSONBody.encode(API.LocationBatch(samples: [fix])))
            XCTAssertEqual(posted.status.code, 200, posted.text)
            test.clock.advance(bySeconds: 150)
            let sos = try client.execute(.post, "/v1/alerts", headers: person.auth, body: JSONBody.encode(API.SOS()))
            XCTAssertEqual(sos.status.code, 201, sos.text)
            return try sos.decode(AlertResource.self)
        }
        let location = try XCTUnwrap(alert.location, "the server gives the SOS the newest fix")
        XCTAssertEqual(location.lat, 51.5072)
        XCTAssertEqual(location.lon, -0.1276)
        XCTAssertEqual(location.accuracy, 15)
        XCTAssertEqual(location.t, fixTime, "the alert says when that fix was taken")
        XCTAssertEqual(try test.app.deliveryWorker.deliverDue(), 1)
        let ntfy = try XCTUnwrap(try receiver.waitForRecord { $0.ntfy != nil }.ntfy)
        XCTAssertEqual(ntfy.message, "SOS for Dad. Where: 51.50720, -0.12760, 2 min ago, within 15 m.")
        XCTAssertEqual(ntfy.click, "https://homeward.example.org/#alerts/\(alert.id)")
        XCTAssertTrue((ntfy.actions.first?.url ?? "").contains("mlat=51.507200"))
    }

    func testAChannelCarriesOnlyTheAlertTypesChosen() throws {
        let receiver = try receiver()
        let test = try app(trusting: receiver)
        let person = try test.makeAccount(name: "Person")
        let guardian = try test.makeAccount(name: "Guardian")
        try test.link(guardian: guardian, dependent: person)
        _ = try test.withClient { client in
            try addChannel(.gotify("https://127.0.0.1:\(receiver.port)", token: gotifyToken, alertTypes: [.leftZone]),
                           for: guardian, with: client)
        }
        try raise(.wandering, for: person, in: test)
        XCTAssertEqual(try test.app.deliveryWorker.deliverDue(), 0, "wandering is not chosen")
        try raise(.leftZone, for: person, in: test)
        XCTAssertEqual(try test.app.deliveryWorker.deliverDue(), 1)
        let gotify = try XCTUnwrap(try receiver.waitForRecord { $0.gotify != nil }.gotify)
        XCTAssertEqual(gotify.title, "Left a safe zone: Person")
        XCTAssertEqual(gotify.priority, 8)
    }

    func testATestSaysWhetherTheServiceTookItAndTheChannelKeepsTheOutcome() throws {
        let receiver = try receiver()
        let test = try app(trusting: receiver)
        let guardian = try test.makeAccount(name: "Guardian")
        let stranger = try test.makeAccount(name: "Stranger")
        try test.withClient { client in
            let good = try addChannel(.ntfy("https://127.0.0.1:\(receiver.port)/good", token: ntfyToken),
                                      for: guardian, with: client)
            let bad = try addChannel(.ntfy("https://127.0.0.1:\(receiver.port)/bad", token: "tk_wrong"),
                                     for: guardian, with: client)
            let passed = try client.execute(.post, "/v1/me/channels/\(good.id)/test", headers: guardian.auth)
            let passedResult = try JSONDecoder().decode(ChannelTestResult.self, from: Data(passed.body))
            XCTAssertTrue(passedResult.delivered, passed.text)
            XCTAssertNil(passedResult.error)
            let record = try XCTUnwrap(try receiver.waitForRecord { $0.ntfy?.topic == "good" }.ntfy)
            XCTAssertEqual(record.title, "Homeward test")
            let failed = try client.execute(.post, "/v1/me/channels/\(bad.id)/test", headers: guardian.auth)
            let failedResult = try JSONDecoder().decode(ChannelTestResult.self, from: Data(failed.body))
            XCTAssertFalse(failedResult.delivered)
            XCTAssertEqual(failedResult.error, "HTTP 403")
            let listed = try JSONDecoder().decode(ChannelList.self, from: Data(try client.execute(.get, "/v1/me/channels", headers: guardian.auth).body))
            XCTAssertNotNil(listed.channels.first { $0.id == good.id }?.lastSuccessAt)
            XCTAssertEqual(listed.channels.first { $0.id == bad.id }?.lastError, "HTTP 403")

            // Another account's channel is absent to everyone else, whatever they try.
            XCTAssertEqual(try client.execute(.post, "/v1/me/channels/\(good.id)/test", headers: stranger.auth).status.code, 404)
            XCTAssertEqual(try client.send(.patch, "/v1/me/channels/\(good.id)", token: stranger.token, body: API.ChannelUpdate(label: "x")).status.code, 404)
            XCTAssertEqual(try client.execute(.delete, "/v1/me/channels/\(good.id)", headers: stranger.auth).status.code, 404)
            XCTAssertEqual(try JSONDecoder().decode(ChannelList.self, from: Data(try client.execute(.get, "/v1/me/channels", headers: stranger.auth).body)).channels, [])

            let patched = try client.send(.patch, "/v1/me/channels/\(good.id)", token: guardian.token,
                                          body: API.ChannelUpdate(label: "Kitchen tablet", alertTypes: [.sos, .danger]))
            XCTAssertEqual(patched.status.code, 200, patched.text)
            let channel = try JSONDecoder().decode(ChannelResource.self, from: Data(patched.body))
            XCTAssertEqual(channel.label, "Kitchen tablet")
            XCTAssertEqual(channel.alertTypes, [.sos, .danger])
            XCTAssertEqual(try client.execute(.delete, "/v1/me/channels/\(good.id)", headers: guardian.auth).status.code, 204)
            XCTAssertEqual(try client.execute(.delete, "/v1/me/channels/\(good.id)", headers: guardian.auth).status.code, 404)
        }
    }

    func testBadChannelsAreRefusedByFieldAndTheLimitHolds() throws {
        let test = try TestApp()
        let guardian = try test.makeAccount(name: "Guardian")
        try test.withClient { client in
            var twoSettings = API.ChannelRequest.ntfy("https://ntfy.sh/a")
            twoSettings.gotify = .init(url: "https://g.example", token: "t")
            var noTypes = API.ChannelRequest.ntfy("https://ntfy.sh/a")
            noTypes.alertTypes = []
            var sosTwice = API.ChannelRequest.ntfy("https://ntfy.sh/a")
            sosTwice.alertTypes = [.sos, .sos]
            let typed: [(API.ChannelRequest, String)] = [
                (API.ChannelRequest(kind: .ntfy), "ntfy"),
                (twoSettings, "ntfy"),
                (.ntfy("ftp://ntfy.sh/a"), "ntfy.url"),
                (.ntfy("https://ntfy.sh/"), "ntfy.url"),
                (.ntfy("https://ntfy.sh/a", token: "bad token"), "ntfy.token"),
                (.telegram(botToken: "nope", chatId: "1"), "telegram.botToken"),
                (.telegram(botToken: botToken, chatId: "12a"), "telegram.chatId"),
                (.email("anna@example.org\r\nBcc: x@y.z"), "email.address"),
                (.webpush("http://push.example/x", p256dh: "AA", auth: "AA"), "webpush.endpoint"),
                (.webpush("https://push.example/x", p256dh: "AA", auth: "AA"), "webpush.keys.p256dh"),
                (noTypes, "alertTypes"),
                (sosTwice, "alertTypes"),
            ]
            // Kept as text: a kind and an alert type the API does not know, a field no setting takes,
            // and a token left out.
            let raw: [(String, String)] = [
                (#"{"kind":"pager"}"#, "kind"),
                (#"{"kind":"ntfy","ntfy":{"url":"https://ntfy.sh/a","colour":"red"}}"#, "ntfy.colour"),
                (#"{"kind":"gotify","gotify":{"url":"https://g.example"}}"#, "gotify.token"),
                (#"{"kind":"ntfy","alertTypes":["weather"],"ntfy":{"url":"https://ntfy.sh/a"}}"#, "alertTypes[0]"),
            ]
            for (body, field) in JSONBody.table(typed, raw) {
                let answer = try client.execute(.post, "/v1/me/channels", headers: guardian.auth, body: Array(body.utf8))
                XCTAssertEqual(answer.status.code, 400, body)
                XCTAssertEqual(answer.errorField, field, "\(body): \(answer.text)")
            }
            XCTAssertEqual(try client.execute(.get, "/v1/me/channels").status.code, 401)
            for index in 0..<ChannelStore.maxChannelsPerAccount {
                try addChannel(.ntfy("https://ntfy.sh/topic-\(index)"), for: guardian, with: client)
            }
            let over = try client.send(.post, "/v1/me/channels", token: guardian.token, body: API.ChannelRequest.ntfy("https://ntfy.sh/one-more"))
            XCTAssertEqual(over.status.code, 409, over.text)
        }
    }

    private func raise(_ type: AlertType, for person: TestApp.Account, in test: TestApp) throws {
        let raised = try test.app.database.write { db in
            try test.app.alerts.raise(AlertRequest(type: type, cause: "test:\(type.rawValue)"), for: person.key, at: test.clock.now(), in: db)
        }
        XCTAssertNotNil(raised)
    }
}
