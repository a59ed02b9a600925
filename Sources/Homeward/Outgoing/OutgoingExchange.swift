import CCurl

/// The part of an `OutgoingTransfer` that depends on its protocol: an HTTP request and its answer
/// (`HTTPExchange`), or a mail handed to an SMTP server (`MailExchange`). The transfer sets what every
/// transfer shares (URL, deadline, TLS trust, no proxy, the address check) and leaves the rest here.
///
/// Touched only by the client's thread once queued.
protocol OutgoingExchange: AnyObject, Sendable {
    /// The libcurl protocols the transfer may speak (`CURLOPT_PROTOCOLS_STR`), e.g. `http,https`.
    var protocols: String { get }

    /// Sets the protocol's own options on `easy`, whose shared options are set already.
    func configure(_ easy: UnsafeMutableRawPointer, configuration: OutgoingHTTPClient.Configuration)

    /// Hands the outcome to the caller, once. `failure` is nil when libcurl finished the transfer
    /// with success; otherwise `code` is libcurl's result (nil, like `easy`, when the transfer never
    /// ran) and `failure` the error as the shared part words it, which the exchange may refine.
    func complete(easy: UnsafeMutableRawPointer?, code: CURLcode?, failure: OutgoingError?)

    /// Frees what `configure` allocated; the easy handle is cleaned up by the transfer afterwards.
    func release()
}
