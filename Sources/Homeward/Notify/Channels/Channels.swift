import Foundation

/// Every kind of notification channel this server sends on, in the order the API and the web app
/// list them. A new channel is its file in this folder and one line here.
public enum Channels {
    /// The channels.
    public static let all: [any NotificationChannel.Type] = [
        NtfyChannel.self,
        GotifyChannel.self,
        TelegramChannel.self,
        EmailChannel.self,
        WebPushChannel.self,
    ]

    private static let byName: [String: any NotificationChannel.Type] = Dictionary(uniqueKeysWithValues: all.map { ($0.kind.rawValue, $0) })

    /// The channels' own settings, in the channels' order.
    static var settings: [ServerSetting] { all.flatMap { $0.settings } }

    /// The channel whose kind is called `name`.
    static func channel(named name: String) -> (any NotificationChannel.Type)? { byName[name] }

    /// What the web app shows of each kind, `[{kind, name, offered, help, fields}]` as JSON: every
    /// kind's name (for the list of channels) and, for the kinds the form adds on this server
    /// (`offered`), the steps and the fields.
    static func webAppDescription(_ availability: ChannelAvailability) -> String {
        struct Kind: Encodable {
            var kind: String
            var name: String
            var offered: Bool
            var help: [String]
            var fields: [ChannelField]
        }
        let kinds = all.map { channel in
            Kind(kind: channel.kind.rawValue, name: channel.name,
                 offered: !channel.fields.isEmpty && channel.refusal(on: availability) == nil, help: channel.help, fields: channel.fields)
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: (try? encoder.encode(kinds)) ?? Data("[]".utf8), as: UTF8.self)
    }
}
