import HomewardHTTP

/// The routes of tracking clients that name their device key in what they send rather than in
/// `Authorization` (Traccar Client's OsmAnd `id`). The feature says where its protocol puts the key
/// and how it refuses a device it does not know; the group authenticates the key before the handler
/// runs. A key so named travels in URLs and logs, so it only writes (`CallerReach.writeOnly`).
struct DeviceKeyRoutes: Sendable {
    private let authenticator: Authenticator

    /// The routes of device keys that `authenticator` checks.
    init(_ authenticator: Authenticator) {
        self.authenticator = authenticator
    }

    /// The group of routes whose device key `key` reads from the request (nil: none named). A request
    /// naming no key, an unknown or a revoked one gets `refusal` and reaches no handler; what `key`
    /// throws (a request it cannot read) is the answer as it stands.
    func group(keyedBy key: @escaping @Sendable (RequestContext) throws -> String?, refusal: HTTPError) -> AuthenticatedRoutes {
        let authenticator = authenticator
        return AuthenticatedRoutes(authenticate: { context in
            guard let named = try key(context),
                  let caller = try? authenticator.authenticate(deviceKey: named, inHeader: false) else { throw refusal }
            return caller
        })
    }
}
