import Foundation

/// What every channel says about one change of an alert: the webhook's JSON body as it is, and what
/// ntfy, Gotify, Telegram, email and Web Push messages are made from. Fixed when the delivery is
/// written (the outbox keeps it as JSON), so a retry says the same thing. `title` and `message` read
/// well on their own; `alert` carries the whole alert; `event` says what changed.
public struct AlertNotification: Sendable, Codable, Equatable {
    /// What changed: `raised`, `fired`, `escalated`, `acknowledged`, `resolved` or `cancelled`.
    public var event: String
    /// A short headline.
    public var title: String
    /// One sentence for a notification.
    public var message: String
    /// Gotify's priority (0-10): 10 for SOS, danger and escalations, 8 for other new alerts, 4 for the rest.
    public var priority: Int
    /// The alert.
    public var alert: AlertResource
    /// Where the person was and how old that position was when this was written, in plain words
    /// ("51.50720, -0.12760, 2 min ago, within 12 m"); news of a new alert with a position only.
    public var place: String?
    /// The alert's page in the web app (`/#alerts/<id>`), when the server knows its public address
    /// (`--public-base-url`).
    public var link: String?

    /// True for what must wake someone: an SOS or danger being raised, and any escalation. Quiet hours
    /// never hold these back.
    public var isUrgent: Bool { priority >= 10 }

    /// Whether it is news of a new alert (raised, fired, escalated) rather than of its end.
    public var isNew: Bool { event == "raised" || event == "fired" || event == "escalated" }

    /// The notification of `event` for `alert`, written at `time`; `publicBaseURL` makes the link.
    public init(alert: AlertResource, event: String, at time: Timestamp, publicBaseURL: String) {
        self.event = event
        self.alert = alert
        let headline = "\(alert.type.title): \(alert.account.name)"
        title = event == "escalated" ? "Not answered: \(headline)" : headline
        message = Self.sentence(for: alert, event: event)
        if event == "raised" || event == "fired" || event == "escalated", let location = alert.location {
            let place = Self.place(of: location, takenAt: location.t ?? alert.createdAt, at: time)
            self.place = place
            message += " Where: \(place)."
        }
        let urgentType = alert.type.callsForHelp
        switch event {
        case "escalated": priority = 10
        case "raised", "fired": priority = urgentType ? 10 : 8
        default: priority = 4
        }
        let base = publicBaseURL.hasSuffix("/") ? String(publicBaseURL.dropLast()) : publicBaseURL
        link = base.isEmpty ? nil : "\(base)/#alerts/\(alert.id)"
    }

    /// "51.50720, -0.12760, 2 min ago, within 12 m": a position taken at `takenAt`, as seen at `time`.
    static func place(of location: AlertResource.Location, takenAt: Timestamp, at time: Timestamp) -> String {
        let coordinates = String(format: "%.5f, %.5f", location.lat, location.lon)
        let accuracy = location.accuracy.map { ", within \(Int($0.rounded())) m" } ?? ""
        return "\(coordinates), \(age(milliseconds: time.unixMilliseconds - takenAt.unixMilliseconds))\(accuracy)"
    }

    /// "just now", "2 min ago", "3 h 5 min ago", "2 days ago".
    static func age(milliseconds: Int64) -> String {
        let minutes = max(milliseconds, 0) / 60_000
        switch minutes {
        case 0: return "just now"
        case ..<60: return "\(minutes) min ago"
        case ..<(48 * 60): return minutes % 60 == 0 ? "\(minutes / 60) h ago" : "\(minutes / 60) h \(minutes % 60) min ago"
        default: return "\(minutes / (24 * 60)) days ago"
        }
    }

    /// What a channel's "send a test" sends: about the guardian themselves, marked `test`.
    static func test(for account: AlertResource.AccountSummary, at time: Timestamp) -> AlertNotification {
        var notification = AlertNotification(alert: AlertResource(testAbout: account, at: time), event: "test", at: time, publicBaseURL: "")
        notification.title = "Homeward test"
        notification.message = "Alerts about the people you watch will arrive here, \(account.name)."
        return notification
    }

    /// An OpenStreetMap link to where the person was, if the alert says.
    public var mapLink: String? {
        guard let location = alert.location else { return nil }
        let lat = String(format: "%.6f", location.lat), lon = String(format: "%.6f", location.lon)
        return "https://www.openstreetmap.org/?mlat=\(lat)&mlon=\(lon)#map=17/\(lat)/\(lon)"
    }

    static func sentence(for alert: AlertResource, event: String) -> String {
        let name = alert.account.name
        let detail = alert.message.map { ": \($0)" } ?? ""
        switch event {
        case "acknowledged": return "\(alert.type.title) for \(name) was acknowledged by \(alert.acknowledgedBy?.name ?? "a guardian")."
        case "resolved": return "\(alert.type.title) for \(name) is over."
        case "cancelled": return "Check cancelled by \(name): all is well."
        case "escalated":
            let step = alert.escalation?.step ?? 1
            return "\(alert.type.title) for \(name) has not been acknowledged (reminder \(step)). Please answer or call \(name)."
        default:
            // A message that ends its own sentence ("Left Home.") gets no second full stop.
            let sentence = "\(alert.type.title) for \(name)\(detail)"
            return sentence.last.map { ".!?".contains($0) } == true ? sentence : sentence + "."
        }
    }
}
