/// The answer of `POST /v1/accounts/{id}/phone-setup`: the new post-only device, the one link that
/// sets the chosen app up, the same link as a QR code, the values to type when the link cannot be
/// opened, where to get the app and what to do. Shown this once (the key is only in here).
struct PhoneSetup: Encodable {
    /// A store the app is in.
    struct Store: Encodable, Equatable {
        var name: String
        var url: String
    }

    /// One value to type into the app by hand: `{label, value}`.
    struct Setting: Encodable, Equatable {
        var label: String
        var value: String
    }

    /// The device made for the phone (listed with the person's devices, revocable).
    var device: DeviceResource
    /// The app chosen.
    var app: PhoneSetupApp
    /// The link that sets the app up.
    var link: String
    /// `link` as a QR code: a PNG as a `data:` URL.
    var qrCode: String
    /// The values to type in the app when the link cannot be opened.
    var settings: [Setting]
    /// Where to get the app.
    var stores: [Store]
    /// What to do on the phone.
    var steps: [String]
    /// The ids of the person's earlier setup devices that no phone had used, which this one replaced:
    /// their codes no longer work (a phone that scanned one scans this one instead).
    var replaced: [String]
}
