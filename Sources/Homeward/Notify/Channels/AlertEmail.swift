import Foundation

/// An alert as an email: the title as the subject, the sentence (with where and how long ago), a map link,
/// and the person's page in the web app, in a plain-text part and an HTML part.
enum AlertEmail {
    /// The mail telling `address` about `notification`, from the relay's sender.
    static func message(_ notification: AlertNotification, to address: String, via server: SMTPServer) throws -> MailMessage {
        var lines = [notification.message]
        if notification.place != nil, let map = notification.mapLink { lines.append("Map: \(map)") }
        if let link = notification.link { lines.append("Open Homeward: \(link)") }
        lines.append("")
        lines.append("Sent by Homeward because you watch \(notification.alert.account.name).")
        var html = "<p style=\"font-size:1.1em\"><strong>\(escape(notification.title))</strong></p>\n<p>\(escape(notification.message))</p>\n"
        if notification.place != nil, let map = notification.mapLink {
            html += "<p><a href=\"\(escape(map))\">See where \(escape(notification.alert.account.name)) was on a map</a></p>\n"
        }
        if let link = notification.link { html += "<p><a href=\"\(escape(link))\">Open Homeward</a></p>\n" }
        html += "<p style=\"color:#555\">Sent by Homeward because you watch \(escape(notification.alert.account.name)).</p>\n"
        return try MailMessage(
            from: server.sender, to: [try MailAddress(address)], subject: notification.title,
            text: lines.joined(separator: "\n"), html: html)
    }

    private static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
