/// A device key as authentication reads it: the device, whose it is, when it was last used (Unix
/// milliseconds; nil if never) and whether it was made to read others.
struct StoredDeviceKey: Sendable {
    let id: String
    let accountKey: AccountKey
    let accountID: String
    let lastUsedAt: Int64?
    let readsOthers: Bool
}
