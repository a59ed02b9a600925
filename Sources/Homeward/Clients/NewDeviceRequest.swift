/// The body of `POST /v1/me/devices`: `{name, readsOthers?}`, the name held to the rule of account
/// names; `readsOthers` (default false) lets the key, sent in a header, read the people the account
/// guards, as OwnTracks shows them as friends.
struct NewDeviceRequest: Decodable {
    var name: String
    var readsOthers: Bool?
}
