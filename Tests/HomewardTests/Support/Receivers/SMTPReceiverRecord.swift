/// One mail as Tests/Receivers/smtp_receiver.py received it: the envelope, the headers, the parts and
/// how the lines were sent.
struct SMTPReceiverRecord: Decodable {
    let mailFrom: String
    let rcptTos: [String]
    let from: String
    let to: String
    let subject: String
    let messageId: String
    let date: String
    let mimeVersion: String
    let contentType: String
    let text: String?
    let html: String?
    let tls: Bool
    let login: String?
    let maxLineOctets: Int
    let bareLineFeed: Bool
}
