import Foundation
import Homeward
import HomewardHTTP
import HomewardHTTPTesting
import HomewardStore
import XCTest

/// An email channel: the SOS arrives at a real mail server over STARTTLS with a text and an HTML
/// part and a map link; a server without a relay refuses email channels, saying why (409).
final class EmailChannelTests: XCTestCase {
    func testAnSOSArrivesAsAMailWithTheMapLinkOverSTARTTLS() throws {
        let receiver = try TestMailRelay.start()
        let test = try TestApp { TestMailRelay.send(&$0, through: receiver) }
        let person = try test.makeAccount(name: "Zoë")
        let guardian = try test.makeAccount(name: "Guardian")
        try test.link(guardian: guardian, dependent: person)
        try test.withClient { client in
            let added = try client.execute(.post, "/v1/me/channels", headers: guardian.auth,
                                           body: JSONBody.encode(API.ChannelRequest.email("guardian@example.org")))
            XCTAssertEqual(added.status.code, 201, added.text)
            let id = try JSONDecoder().decode(ChannelResource.self, from: Data(added.body)).id
            let tested = try client.execute(.post, "/v1/me/channels/\(id)/test", headers: guardian.auth)
            XCTAssertTrue(try tested.decode(ChannelTestResult.self).delivered, tested.text)
            let sos = try client.execute(.post, "/v1/alerts", headers: person.auth,
                                         body: JSONBody.encode(API.SOS(location: .init(lat: 48.8584, lon: 2.2945, accuracy: 9))))
            XCTAssertEqual(sos.status.code, 201)
        }
        XCTAssertEqual(try test.app.deliveryWorker.deliverDue(), 1)
        let mail = try receiver.waitForRecord { $0.subject == "SOS: Zoë" }
        XCTAssertEqual(mail.rcptTos, ["guardian@example.org"])
        XCTAssertEqual(mail.tls, true)
        XCTAssertEqual(mail.login, "homeward")
        let text = try XCTUnwrap(mail.text)
        XCTAssertTrue(text.contains("SOS for Zoë. Where: 48.85840, 2.29450, just now, within 9 m."), text)
        XCTAssertTrue(text.contains("https://www.openstreetmap.org/?mlat=48.858400&mlon=2.294500"), text)
        XCTAssertTrue(text.contains("https://homeward.example.org/#alerts/"), text)
        let html = try XCTUnwrap(mail.html)
        XCTAssertTrue(html.contains("See where Zoë was on a map"), html)
        XCTAssertNotNil(try receiver.waitForRecord { $0.subject == "Homeward test" })
    }

    func testWithoutARelayAnEmailChannelIsRefusedSayingWhy() throws {
        let test = try TestApp()
        let guardian = try test.makeAccount(name: "Guardian")
        try test.withClient { client in
            let answer = try client.execute(.post, "/v1/me/channels", headers: guardian.auth,
                                            body: JSONBody.encode(API.ChannelRequest.email("guardian@example.org")))
            XCTAssertEqual(answer.status.code, 409)
            XCTAssertEqual(answer.errorMessage, "This server cannot send email yet: ask whoever runs it to set up email.", "no flag in what a family reads")
            XCTAssertTrue(answer.text.contains(#""hint":"Start the server with --smtp-url"#), "the flag is kept for developers: \(answer.text)")
        }
    }
}
