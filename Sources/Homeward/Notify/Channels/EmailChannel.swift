import HomewardHTTP

/// `email`: an email address, through the server's SMTP relay (`AlertEmail`); offered only when the
/// administrator set one up (`--smtp-url`).
public struct EmailChannel: NotificationChannel {
    /// `{address}`: where to send.
    public struct Request: Sendable, Decodable {
        public var address: String
    }

    public static let kind = ChannelKind.email
    public static let name = "Email"
    public static let help = ["Alerts arrive as email at this address."]
    public static let fields = [ChannelField("address", "Email address", type: "email", required: true, autocomplete: "email")]
    public static func refusal(on server: ChannelAvailability) -> HTTPError? {
        server.sendsEmail ? nil : HTTPError.conflict("This server cannot send email yet: ask whoever runs it to set up email.")
            .hinting("Start the server with --smtp-url (HOMEWARD_SMTP_URL).")
    }

    /// The email addresses a channel takes: a plain dot-atom local part and a host name.
    static let addressPattern = #"^[A-Za-z0-9_+-]{1,30}(\.[A-Za-z0-9_+-]{1,16}){0,2}@[A-Za-z0-9]{1,20}(-[A-Za-z0-9]{1,20})?(\.[A-Za-z0-9]{1,20}(-[A-Za-z0-9]{1,20})?){0,3}\.[A-Za-z]{2,20}$"#

    /// The address.
    var address: String

    public init(validating request: Request) throws(HTTPError) {
        do {
            _ = try MailAddress(request.address)
        } catch {
            throw .invalidRequest("email.address must be an email address such as anna@example.org: \(error)", field: "email.address")
        }
        guard ChannelRequest.matches(request.address, Self.addressPattern) else {
            throw .invalidRequest(
                "email.address must be a plain address such as anna@example.org (letters, digits, _, + and - around single dots).",
                field: "email.address")
        }
        address = request.address
    }

    public var target: String { address }

    public func send(_ notification: AlertNotification, via delivery: ChannelDelivery, completion: @escaping ChannelDelivery.Completion) throws {
        guard let smtpServer = delivery.smtpServer else {
            return completion(ChannelFailure("this server cannot send email (whoever runs it has not set email up)"))
        }
        let mail = try AlertEmail.message(notification, to: address, via: smtpServer)
        delivery.client.send(mail, via: smtpServer) { result in
            switch result {
            case .success: completion(nil)
            case .failure(let error): completion(ChannelFailure(error.description))
            }
        }
    }

    public func destination(via delivery: ChannelDelivery) -> String? { delivery.smtpServer?.url.destination ?? "smtp" }
}

extension ChannelKind {
    /// An email address, through the server's SMTP relay.
    public static let email = ChannelKind(declaring: "email")
}
