import CCurl
import Foundation

/// The SMTP half of an outgoing transfer: the envelope (`MAIL FROM`, one `RCPT TO` per recipient),
/// the message uploaded from memory, the login when the server needs one, TLS as `SMTPServer.security`
/// says, and the server's first refusal kept so that the error reads `SMTP 550 5.1.1 ...`. One
/// recipient refused fails the whole mail (the server then has accepted none).
///
/// `@unchecked Sendable`: created on the caller's thread, then touched only by the client's thread.
final class MailExchange: OutgoingExchange, @unchecked Sendable {
    /// Longest reply line kept, in bytes; a longer one is cut.
    static let maxReplyBytes = 512

    let protocols = "smtp,smtps"
    private let message: MailMessage
    private let server: SMTPServer
    private let completion: OutgoingHTTPClient.MailCompletion
    private var recipientList: UnsafeMutablePointer<curl_slist>?
    private var uploaded = 0
    private var lastReply: SMTPReply?
    private var firstRefusal: SMTPReply?

    init(message: MailMessage, server: SMTPServer, completion: @escaping OutgoingHTTPClient.MailCompletion) {
        self.message = message
        self.server = server
        self.completion = completion
    }

    func configure(_ easy: UnsafeMutableRawPointer, configuration: OutgoingHTTPClient.Configuration) {
        let useSSL = server.security == .none ? CURLUSESSL_NONE : CURLUSESSL_ALL
        homeward_curl_set_long(easy, CURLOPT_USE_SSL, Int(useSSL.rawValue))
        homeward_curl_set_string(easy, CURLOPT_MAIL_FROM, "<\(message.from.address)>")
        var list: UnsafeMutablePointer<curl_slist>?
        for recipient in message.to { list = curl_slist_append(list, "<\(recipient.address)>") }
        recipientList = list
        homeward_curl_set_slist(easy, CURLOPT_MAIL_RCPT, list)
        if let username = server.username { homeward_curl_set_string(easy, CURLOPT_USERNAME, username) }
        if let password = server.password { homeward_curl_set_string(easy, CURLOPT_PASSWORD, password) }
        homeward_curl_set_long(easy, CURLOPT_UPLOAD, 1)
        homeward_curl_set_size(easy, CURLOPT_INFILESIZE_LARGE, curl_off_t(message.encoded.count))
        let context = Unmanaged.passUnretained(self).toOpaque()
        homeward_curl_set_read_callback(easy, curlSendMessage)
        homeward_curl_set_pointer(easy, CURLOPT_READDATA, context)
        homeward_curl_set_header_callback(easy, curlReceiveReply)
        homeward_curl_set_pointer(easy, CURLOPT_HEADERDATA, context)
    }

    func complete(easy: UnsafeMutableRawPointer?, code: CURLcode?, failure: OutgoingError?) {
        guard let failure else {
            completion(.success(lastReply ?? SMTPReply(line: "250")!))
            return
        }
        if code == CURLE_USE_SSL_FAILED {
            completion(.failure(OutgoingError(
                "\(server.url.host) does not offer STARTTLS, and mail is sent only encrypted (whoever runs the server can allow a relay on the same machine without it)")))
        } else if easy != nil, !failure.isRefusal, let firstRefusal {
            completion(.failure(OutgoingError("SMTP \(firstRefusal)", smtpReply: firstRefusal)))
        } else {
            completion(.failure(failure))
        }
    }

    func release() {
        curl_slist_free_all(recipientList)
        recipientList = nil
    }

    /// Copies the next bytes of the message into libcurl's buffer.
    fileprivate func fill(_ buffer: UnsafeMutableRawBufferPointer) -> Int {
        let count = min(buffer.count, message.encoded.count - uploaded)
        message.encoded.withUnsafeBytes { bytes in
            buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes[uploaded..<(uploaded + count)]))
        }
        uploaded += count
        return count
    }

    /// Keeps the server's latest reply, and its first refusal: libcurl may say `QUIT` after a refusal,
    /// and the server's `221` to that is not the reason.
    fileprivate func record(_ line: UnsafeRawBufferPointer) {
        guard let reply = SMTPReply(line: String(decoding: line.prefix(Self.maxReplyBytes), as: UTF8.self)) else { return }
        lastReply = reply
        if reply.code >= 400, firstRefusal == nil { firstRefusal = reply }
    }
}

/// libcurl's read callback: the message, from where the last call stopped.
private func curlSendMessage(_ data: UnsafeMutablePointer<CChar>?, _ size: Int, _ count: Int, _ context: UnsafeMutableRawPointer?) -> Int {
    guard let data, let context else { return 0 }
    let exchange = Unmanaged<MailExchange>.fromOpaque(context).takeUnretainedValue()
    return exchange.fill(UnsafeMutableRawBufferPointer(start: data, count: size * count))
}

/// libcurl's header callback, which for SMTP gets every reply line of the server.
private func curlReceiveReply(_ data: UnsafeMutablePointer<CChar>?, _ size: Int, _ count: Int, _ context: UnsafeMutableRawPointer?) -> Int {
    guard let data, let context else { return 0 }
    Unmanaged<MailExchange>.fromOpaque(context).takeUnretainedValue().record(UnsafeRawBufferPointer(start: data, count: size * count))
    return size * count
}
