/// What `AccountStore` refuses to write; the service answers it with an `HTTPError`.
enum AccountStoreError: Error, Equatable {
    /// Another account has the phone number already.
    case phoneTaken
}
