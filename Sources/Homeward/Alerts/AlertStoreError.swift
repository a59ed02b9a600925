/// Why `AlertStore` refused a request; the alert service turns it into the HTTP answer.
enum AlertStoreError: Error, Equatable {
    /// A page was asked for with a cursor this server did not give.
    case foreignCursor
}
