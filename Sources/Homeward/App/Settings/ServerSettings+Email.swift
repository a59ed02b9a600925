import Foundation

extension ServerSettings {
    /// The mail server alert emails and password resets go through. Their checks, which read the
    /// settings together, are `AppConfiguration.smtpProblems`.
    static let email: [ServerSetting] = [
        .value("smtp-url", \.smtpURL,
               "Mail server: `smtp://host:port` (STARTTLS, required; 587 is the usual submission port) or `smtps://host:port` (implicit TLS), nothing after the port",
               defaultNote: "empty: email off"),
        .value("smtp-from", \.smtpFrom,
               "Address alert emails come from, e.g. `Homeward <alerts@example.org>`; the `Message-ID`s use its domain",
               defaultNote: "empty (required with `--smtp-url`)"),
        .value("smtp-username", \.smtpUsername, "User to log in to the mail server as (SMTP AUTH)", defaultNote: "empty: no login"),
        .parsed("smtp-password-file", \.smtpPassword,
                "File holding the password of `--smtp-username` (one line; read at start, so it never appears on a command line)",
                shownDefault: "none", show: { _ in "" }, parse: readPassword),
        .flag("smtp-allow-plain", \.smtpAllowPlain,
              "Let `smtp://` send unencrypted when the server offers no STARTTLS: only for a relay on this machine"),
    ]

    /// The password in the file at `path`, without the line end an editor or `echo` leaves.
    @Sendable private static func readPassword(_ path: String) throws -> String {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw SettingError("smtp-password-file \(path) cannot be read.")
        }
        let password = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .newlines)
        guard !password.isEmpty else { throw SettingError("smtp-password-file \(path) is empty.") }
        return password
    }
}
