import XCTest
import HomewardHTTP
import HomewardHTTPTesting
@testable import Homeward

/// Alert rules and notification channels are plug-ins: each declares its own name, words and
/// defaults, `AlertRules.all` and `Channels.all` list them, and schema/openapi.yaml names exactly
/// the registered ones (so a new rule or channel that is not described fails here).
final class PluginRegistryTests: XCTestCase {
    /// The names in the `enum: [...]` of the component schema `name` in schema/openapi.yaml.
    private func documentedEnum(of name: String) throws -> [String] {
        let text = Schema.openAPI
        let start = try XCTUnwrap(text.range(of: "\n    \(name):\n"), "no schema \(name)")
        let rest = text[start.upperBound...]
        let open = try XCTUnwrap(rest.range(of: "enum: ["))
        let close = try XCTUnwrap(rest[open.upperBound...].firstIndex(of: "]"))
        return rest[open.upperBound..<close].split(separator: ",").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
    }

    func testOpenAPINamesExactlyTheRegisteredAlertTypesAndChannelKinds() throws {
        XCTAssertEqual(try documentedEnum(of: "AlertType"), AlertType.allCases.map(\.rawValue))
        XCTAssertEqual(try documentedEnum(of: "ChannelKind"), ChannelKind.allCases.map(\.rawValue))
    }

    func testEveryRuleAndChannelHasItsOwnNameAndWords() {
        let types = AlertType.allCases.map(\.rawValue)
        XCTAssertEqual(Set(types).count, types.count, "a type is declared twice")
        for type in AlertType.allCases {
            XCTAssertFalse(type.title.isEmpty, type.rawValue)
            XCTAssertEqual(AlertType(rawValue: type.rawValue), type)
        }
        XCTAssertNil(AlertType(rawValue: "no_rule_says_this"), "only a registered rule's type is read")
        XCTAssertNil(ChannelKind(rawValue: "no_channel_says_this"))
        for kind in ChannelKind.allCases {
            let channel = Channels.channel(named: kind.rawValue)
            XCTAssertNotNil(channel, kind.rawValue)
            XCTAssertFalse(channel?.name.isEmpty ?? true, kind.rawValue)
        }
        XCTAssertTrue(AlertType.callsForHelpTypes.isSuperset(of: [.sos, .danger]))
        XCTAssertFalse(AlertType.callsForHelpTypes.contains(.leftZone))
        XCTAssertTrue(AlertType.newGuardian.isForThePerson)
        XCTAssertFalse(AlertType.sos.isForThePerson)
    }

    /// The built-in rules' escalation: an SOS and a danger after 3 minutes, always; left_zone after
    /// 10, unless the person turns it off; silent never.
    func testEscalationDefaultsComeFromTheRules() throws {
        XCTAssertEqual(Array(EscalationSettings.escalatingTypes.prefix(3)), [.sos, .danger, .leftZone])
        XCTAssertEqual(EscalationSettings.defaultMinutes[.sos], 3)
        XCTAssertEqual(EscalationSettings.defaultMinutes[.danger], 3)
        XCTAssertEqual(EscalationSettings.defaultMinutes[.leftZone], 10)
        XCTAssertNil(EscalationSettings.defaultMinutes[.silent])
        XCTAssertThrowsError(try EscalationSettings(minutes: ["silent": 5]).validate()) { error in
            XCTAssertTrue((error as? HTTPError)?.message.hasPrefix("minutes may name sos, danger") ?? false, "\(error)")
        }
        XCTAssertThrowsError(try EscalationSettings(minutes: ["sos": nil]).validate())
        XCTAssertNoThrow(try EscalationSettings(minutes: ["left_zone": nil]).validate())
    }

    /// A rule's own setting is a setting like any other: flag, environment variable, default, check.
    func testARulesSettingIsDeclaredInItsFileAndReadFromTheConfiguration() throws {
        let setting = try XCTUnwrap(ServerSettings.named("low-battery-percent"))
        XCTAssertEqual(setting.environmentName, "HOMEWARD_LOW_BATTERY_PERCENT")
        XCTAssertEqual(setting.shownDefault, "15")
        XCTAssertEqual(LowBatteryRule.percent.value(in: AppConfiguration()), 15)
        let configuration = try ServerSettings.configuration(
            arguments: ["--low-battery-percent", "20"], environment: ["HOMEWARD_LOW_BATTERY_RECOVERY_PERCENT": "5"])
        XCTAssertEqual(LowBatteryRule.percent.value(in: configuration), 20)
        XCTAssertEqual(LowBatteryRule.recoveryPercent.value(in: configuration), 5)
        XCTAssertThrowsError(try ServerSettings.configuration(arguments: ["--low-battery-percent", "many"], environment: [:]))
    }

    /// A channel's own server setting is declared in the channel's file the same way, listed with the
    /// alerts' settings, checked, and read by the channel from what its delivery carries
    /// (`ChannelTests` sends through a Telegram stand-in set this way).
    func testAChannelsSettingIsDeclaredInItsFileAndReadFromTheConfiguration() throws {
        let setting = try XCTUnwrap(ServerSettings.named("telegram-api-url"))
        XCTAssertEqual(setting.environmentName, "HOMEWARD_TELEGRAM_API_URL")
        XCTAssertEqual(setting.shownDefault, "https://api.telegram.org")
        XCTAssertTrue(try XCTUnwrap(ServerSettings.sections.first { $0.id == "alerts" }).settings.contains { $0.name == setting.name })
        XCTAssertEqual(TelegramChannel.apiURL.value(in: AppConfiguration()), "https://api.telegram.org")
        let configuration = try ServerSettings.configuration(
            arguments: [], environment: ["HOMEWARD_TELEGRAM_API_URL": "http://127.0.0.1:8081"])
        XCTAssertEqual(TelegramChannel.apiURL.value(in: configuration.pluginValues), "http://127.0.0.1:8081")
        XCTAssertEqual(configuration.problems, [])
        let wrong = try ServerSettings.configuration(arguments: ["--telegram-api-url", "ftp://example.org"], environment: [:])
        XCTAssertEqual(wrong.problems, ["telegram-api-url must be an https:// or http:// URL"])
    }

    /// The web app's channel form is the server's: every kind's name, and the steps and fields of
    /// the kinds the form adds, email only where the server can send mail.
    func testThePageCarriesTheServersChannelKinds() throws {
        struct Kind: Decodable { var kind: String; var name: String; var offered: Bool; var help: [String]; var fields: [Field] }
        struct Field: Decodable { var name: String; var label: String; var required: Bool }
        func kinds(sendsEmail: Bool) throws -> [Kind] {
            let json = Channels.webAppDescription(ChannelAvailability(sendsEmail: sendsEmail))
            return try JSONDecoder().decode([Kind].self, from: Data(json.utf8))
        }
        let withoutMail = try kinds(sendsEmail: false)
        XCTAssertEqual(withoutMail.map(\.kind), ChannelKind.allCases.map(\.rawValue))
        XCTAssertEqual(Array(withoutMail.filter(\.offered).map(\.kind).prefix(3)), ["ntfy", "gotify", "telegram"])
        XCTAssertFalse(withoutMail.contains { $0.kind == "email" && $0.offered }, "email only where the server sends mail")
        XCTAssertFalse(withoutMail.contains { $0.kind == "webpush" && $0.offered }, "a browser is added by its button")
        XCTAssertTrue(try kinds(sendsEmail: true).contains { $0.kind == "email" && $0.offered })
        XCTAssertEqual(withoutMail.first { $0.kind == "telegram" }?.fields.map(\.name), ["botToken", "chatId"])
        XCTAssertEqual(withoutMail.first { $0.kind == "webpush" }?.name, "This browser")

        let test = try TestApp()
        try test.withClient { client in
            let page = try client.send(.get, "/").text
            let start = try XCTUnwrap(page.range(of: #"<meta name="homeward-channels" content=""#))
            let attribute = page[start.upperBound...].prefix { $0 != "\"" }
            let json = attribute.replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&amp;", with: "&")
                .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            XCTAssertEqual(json, Channels.webAppDescription(ChannelAvailability(sendsEmail: false)))
        }
    }
}
