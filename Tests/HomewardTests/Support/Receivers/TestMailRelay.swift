@testable import Homeward

/// The SMTP relay mail tests send through: aiosmtpd over STARTTLS with a throwaway CA
/// (`smtp_receiver.py`), and the settings that send through it from https://homeward.example.org.
enum TestMailRelay {
    /// The relay's user name.
    static let user = "homeward"
    /// The relay's password.
    static let password = "relay-pass"

    /// Starts a relay that records every mail it takes.
    static func start() throws -> PythonReceiver<SMTPReceiverRecord> {
        try PythonReceiver<SMTPReceiverRecord>(
            script: "smtp_receiver.py", arguments: ["--user", user, "--password", password], modules: ["aiosmtpd", "trustme"])
    }

    /// Sets `configuration` to send mail through `relay`, trusting its CA.
    static func send(_ configuration: inout AppConfiguration, through relay: PythonReceiver<SMTPReceiverRecord>) {
        configuration.outgoingAllowHosts = ["127.0.0.1"]
        configuration.outgoingCAFilePath = relay.file("ca.pem")
        configuration.smtpURL = "smtp://127.0.0.1:\(relay.port)"
        configuration.smtpFrom = "Homeward <alerts@homeward.example.org>"
        configuration.smtpUsername = user
        configuration.smtpPassword = password
        configuration.publicBaseURL = "https://homeward.example.org"
    }
}
