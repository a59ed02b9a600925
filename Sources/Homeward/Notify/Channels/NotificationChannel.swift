import Foundation
import HomewardHTTP

/// One kind of notification channel, declared once in its own file in `Notify/Channels/`: its kind,
/// its settings as the API takes them (`Request`, the object named after the kind in
/// POST /v1/me/channels) and as they are stored (the channel value itself, as JSON), how the request
/// is checked, what the API shows of where it sends, how a notification is rendered and delivered,
/// how an answer is classified for retry, and the web app's words and form fields for it.
/// `Channels.all` lists them; a new channel is its file here, its test, its schema in
/// schema/openapi.yaml and one line in that list.
public protocol NotificationChannel: Sendable, Codable, Equatable {
    /// The settings object of POST /v1/me/channels, as sent.
    associatedtype Request: Decodable & Sendable

    /// The kind, as the API and the database name it.
    static var kind: ChannelKind { get }
    /// What the web app calls it ("ntfy app").
    static var name: String { get }
    /// The web app's steps, in words a family uses, shown above the form.
    static var help: [String] { get }
    /// The web app form's fields, in order; empty when it is not added with the form (a browser's
    /// push subscription is added by "Notify this browser").
    static var fields: [ChannelField] { get }
    /// The settings of `homeward serve` it reads (`PluginSetting.declaration`; read when it sends with
    /// `value(in: delivery)`), listed with the alerts' settings in docs/configuration.md.
    static var settings: [ServerSetting] { get }
    /// Why this server cannot send on it (409, e.g. email without the administrator's mail relay);
    /// nil when it can.
    static func refusal(on server: ChannelAvailability) -> HTTPError?

    /// The channel the request describes; 400 naming the field at fault otherwise.
    init(validating request: Request) throws(HTTPError)
    /// What the API shows of where it sends, never a secret.
    var target: String { get }
    /// Renders `notification` as the service wants it and sends it through `delivery`'s client;
    /// `completion` gets nil once the service took it, or the failure.
    func send(_ notification: AlertNotification, via delivery: ChannelDelivery, completion: @escaping ChannelDelivery.Completion) throws
    /// The destination (`scheme://host:port`) whose back-off this channel's deliveries share.
    func destination(via delivery: ChannelDelivery) -> String?
    /// What an answer of the service means: nil when delivered, else the failure (and whether the
    /// channel can ever work again); retried later unless it ends the channel.
    func failure(of result: Result<OutgoingResponse, OutgoingError>) -> ChannelFailure?
}

extension NotificationChannel {
    public static var help: [String] { [] }
    public static var fields: [ChannelField] { [] }
    public static var settings: [ServerSetting] { [] }
    public static func refusal(on server: ChannelAvailability) -> HTTPError? { nil }

    /// A 2xx answer is delivered; anything else is retried.
    public func failure(of result: Result<OutgoingResponse, OutgoingError>) -> ChannelFailure? {
        ChannelDelivery.failure(of: result).map { ChannelFailure($0) }
    }

    /// Sends `request` and classifies the answer (`failure(of:)`).
    func send(_ request: OutgoingRequest, via delivery: ChannelDelivery, completion: @escaping ChannelDelivery.Completion) {
        delivery.client.send(request) { result in completion(failure(of: result)) }
    }

    /// Reads the settings object of a request.
    static func request(from decoder: any Decoder) throws -> any Sendable { try Request(from: decoder) }

    /// The channel a request's settings object describes, checked; nil when `request` is not this
    /// kind's, else the channel or the `HTTPError` of its check.
    static func validated(_ request: any Sendable) -> Result<ChannelSettings, HTTPError>? {
        guard let request = request as? Request else { return nil }
        do throws(HTTPError) {
            return .success(ChannelSettings(try Self(validating: request)))
        } catch {
            return .failure(error)
        }
    }

    /// The channel stored as `json`; nil when it does not hold what the kind needs.
    static func stored(_ json: String) -> ChannelSettings? {
        (try? JSONDecoder().decode(Self.self, from: Data(json.utf8))).map(ChannelSettings.init)
    }
}

/// What the server can send on, for `NotificationChannel.refusal(on:)`.
public struct ChannelAvailability: Sendable {
    /// Whether an SMTP relay is set up.
    public var sendsEmail: Bool
}

/// A field of the web app's form for a channel: `{name, label, type?, required, placeholder?, autocomplete?}`.
public struct ChannelField: Sendable, Encodable, Equatable {
    /// The key in the settings object.
    public var name: String
    /// What the form says above it.
    public var label: String
    /// The input's type (`url`, `email`); text when nil.
    public var type: String?
    /// Whether it must be filled in.
    public var required: Bool
    /// An example shown in the empty field.
    public var placeholder: String?
    /// The browser's autofill hint (`off`, `email`).
    public var autocomplete: String?

    /// Creates a field.
    public init(
        _ name: String, _ label: String, type: String? = nil, required: Bool = false, placeholder: String? = nil,
        autocomplete: String? = nil
    ) {
        self.name = name
        self.label = label
        self.type = type
        self.required = required
        self.placeholder = placeholder
        self.autocomplete = autocomplete
    }
}

/// A stored channel of any kind: where and how it sends (JSON in `notification_channels.settings`).
/// Tokens are kept in clear because they are needed to send; the API never shows them back.
public struct ChannelSettings: Sendable, Equatable {
    /// The channel.
    public let channel: any NotificationChannel

    init(_ channel: any NotificationChannel) {
        self.channel = channel
    }

    /// The kind of channel.
    public var kind: ChannelKind { type(of: channel).kind }

    /// What the API shows of the target, never a token.
    public var target: String { channel.target }

    /// The JSON kept in the database.
    func json() throws -> String {
        String(decoding: try JSONBytes.encode(channel), as: UTF8.self)
    }

    /// Reads the stored JSON of a channel of `kind`; nil when it does not hold what the kind needs.
    init?(kind: ChannelKind, json: String) {
        guard let stored = Channels.channel(named: kind.rawValue)?.stored(json) else { return nil }
        self = stored
    }

    public static func == (lhs: ChannelSettings, rhs: ChannelSettings) -> Bool {
        lhs.kind == rhs.kind && (try? lhs.json()) == (try? rhs.json())
    }
}
