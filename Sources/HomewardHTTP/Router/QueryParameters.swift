/// The decoded `name=value` pairs of a query string, in order; `+` is a space, keys may repeat.
public struct QueryParameters: Sendable, Sequence {
    /// The pairs, in order.
    public let pairs: [(name: String, value: String)]

    /// Parses `a=1&b=x%20y&a=2`; throws 400 `invalid_request` on a malformed escape.
    public init(parsing query: String) throws(HTTPError) {
        var pairs: [(name: String, value: String)] = []
        for component in query.split(separator: "&", omittingEmptySubsequences: true) {
            let nameAndValue = component.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = PercentDecoding.decode(nameAndValue[0], plusIsSpace: true),
                  let value = PercentDecoding.decode(nameAndValue.count > 1 ? nameAndValue[1] : "", plusIsSpace: true) else {
                throw .invalidRequest("The query string contains a malformed percent-escape.")
            }
            pairs.append((name: name, value: value))
        }
        self.pairs = pairs
    }

    /// The first value for `name`.
    public subscript(name: String) -> String? {
        pairs.first { $0.name == name }?.value
    }

    /// Every value for `name`, in order.
    public func values(for name: String) -> [String] {
        pairs.filter { $0.name == name }.map(\.value)
    }

    /// Iterates the pairs.
    public func makeIterator() -> IndexingIterator<[(name: String, value: String)]> {
        pairs.makeIterator()
    }
}
