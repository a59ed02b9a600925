/// How far the credentials of a request reach, decided by how they came: the access policy shows a
/// caller no other person unless `readsOthers`, and a tracking client's reply reads nothing unless
/// `readsOwn`.
public enum CallerReach: Sendable, Equatable {
    /// A session token or the password: all the account may see.
    case everything
    /// A device key created with the right to read others (`readsOthers`), sent in a header.
    case deviceReadingOthers
    /// A device key without that right, sent in a header: its own account's samples and position.
    case deviceReadingOwn
    /// A device key in a URL query (`?token=`, as Overland sends it), or a post-only key however it
    /// is sent (`PostOnlyDeviceKey`): writes samples, reads nothing.
    case writeOnly

    /// Whether the caller may see other people (dependents, trips they accompany).
    public var readsOthers: Bool { self == .everything || self == .deviceReadingOthers }
    /// Whether the caller may read anything at all, even its own account's data.
    public var readsOwn: Bool { self != .writeOnly }
}
