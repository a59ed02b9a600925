import ArgumentParser
import Foundation
import Homeward
import HomewardStore

/// `homeward reset-password --phone …`: prints a one-time link, working for an hour, where the
/// account's owner sets a new password (every session of the account ends then). For an administrator
/// helping someone who forgot theirs; it runs beside a serving server.
struct ResetPasswordCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reset-password",
        abstract: "Print a one-time link, valid for an hour, to set a new password for the account with this phone."
    )

    @OptionGroup var database: DatabaseOptions

    @Option(help: "The account's phone number, with its country code (e.g. +44 20 7946 0958).")
    var phone: String

    @Option(help: "The server's public address, put in front of the link (env HOMEWARD_PUBLIC_BASE_URL, default http://127.0.0.1:8080).")
    var publicBaseURL: String?

    @Option(help: "The server secret file, as given to serve (env HOMEWARD_SECRET_FILE, default beside the database).")
    var secretFile: String?

    func run() throws {
        let normalized: PhoneNumber
        do {
            normalized = try PhoneNumber(normalizing: phone)
        } catch {
            throw ArgumentParser.ValidationError("\(error)")
        }
        var configuration = AppConfiguration()
        try database.apply(to: &configuration)
        try CommandSettings.apply("public-base-url", flag: publicBaseURL, to: &configuration)
        try CommandSettings.apply("secret-file", flag: secretFile, to: &configuration)
        let base = configuration.publicBaseURL.isEmpty ? "http://127.0.0.1:8080" : configuration.publicBaseURL
        let secretPath = configuration.secretFilePath ?? ServerSecret.defaultPath(besideDatabase: configuration.besideDatabasePath)
        let secrets = SecretHasher(secret: try ServerSecret.loadOrCreate(at: secretPath, mayCreate: false))
        let link = try self.database.withDatabase { pool, _ in
            try PasswordResetToken.link(forPhone: normalized.e164, in: pool, secrets: secrets, base: base, at: SystemClock().now())
        }
        print(link)
        print("Open it within an hour; it works once, and signs the account out everywhere.")
    }
}
