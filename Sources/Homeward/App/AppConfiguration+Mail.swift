import HomewardHTTP

extension AppConfiguration {
    /// The mail server alert emails go through, with the sender and login: nil when email is off
    /// (`smtpURL` empty) or the settings are wrong (then `problems` says why, and `homeward serve`
    /// does not start).
    public var smtpServer: SMTPServer? {
        guard !smtpURL.isEmpty, smtpProblems.isEmpty, let sender = try? MailAddress(parsing: smtpFrom) else { return nil }
        return try? SMTPServer(url: smtpURL, sender: sender, username: smtpUsername, password: smtpPassword, allowPlain: smtpAllowPlain)
    }

    /// What is wrong with the email settings, one sentence each naming the setting.
    var smtpProblems: [String] {
        guard !smtpURL.isEmpty else {
            let given = [
                ("smtp-from", !smtpFrom.isEmpty), ("smtp-username", !smtpUsername.isEmpty),
                ("smtp-password-file", !smtpPassword.isEmpty), ("smtp-allow-plain", smtpAllowPlain),
            ].filter(\.1).map(\.0)
            return given.isEmpty ? [] : ["\(given.joined(separator: ", ")) \(given.count == 1 ? "has" : "have") no effect without smtp-url"]
        }
        guard !smtpFrom.isEmpty else { return ["smtp-from is required with smtp-url"] }
        let sender: MailAddress
        do {
            sender = try MailAddress(parsing: smtpFrom)
        } catch {
            return ["smtp-from: \(error)"]
        }
        do {
            let server = try SMTPServer(url: smtpURL, sender: sender, username: smtpUsername, password: smtpPassword, allowPlain: smtpAllowPlain)
            // A relay written as a loopback or private address would be refused at every send; say so now.
            if let address = IPAddress(server.url.host),
               let refusal = OutgoingAddressPolicy(allowedHosts: outgoingAllowHosts).refusal(
                   connectingTo: address, forHost: server.url.host, ownAddresses: []) {
                return ["smtp-url: \(refusal); allow it with \(OutgoingAddressPolicy.allowingFlag)"]
            }
            return []
        } catch {
            return ["email: \(error)"]
        }
    }
}
