extension OutgoingHTTPClient {
    /// Called once per mail, on the client's thread, with the server's last reply (`250 ... queued`)
    /// or the failure; keep it short.
    public typealias MailCompletion = @Sendable (Result<SMTPReply, OutgoingError>) -> Void

    /// Queues `mail` for `server`, behind the other transfers to that server (its `smtp://host:port`
    /// is a destination like any other, with the same deadline and concurrency limit); `completion`
    /// gets the server's acceptance or the failure.
    public func send(_ mail: MailMessage, via server: SMTPServer, completion: @escaping MailCompletion) {
        enqueue(OutgoingTransfer(url: server.url, exchange: MailExchange(message: mail, server: server, completion: completion), policy: policy))
    }

    /// Sends `mail` through `server` and waits for the outcome (a "send a test" call).
    public func perform(_ mail: MailMessage, via server: SMTPServer) -> Result<SMTPReply, OutgoingError> {
        waitFor { send(mail, via: server, completion: $0) }
    }
}
