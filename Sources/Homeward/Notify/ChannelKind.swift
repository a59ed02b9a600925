/// The services a guardian can be told on besides the signed webhook.
public enum ChannelKind: String, Sendable, Codable, CaseIterable {
    /// An ntfy topic (ntfy.sh or a server of one's own), read in the ntfy app.
    case ntfy
    /// A Gotify server's application.
    case gotify
    /// A Telegram chat, through a bot the guardian made.
    case telegram
    /// An email address, through the server's SMTP relay.
    case email
    /// A browser's push subscription (the web app's "Notify this browser").
    case webpush
}
