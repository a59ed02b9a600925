/// What `LinkStore` refuses to write; the service answers it with an `HTTPError`.
enum LinkStoreError: Error, Equatable {
    /// The guardian is a guardian of that person already.
    case alreadyLinked
    /// The verification code was spent or replaced since it was checked.
    case codeSpent
}
