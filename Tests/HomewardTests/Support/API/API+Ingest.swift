extension API {
    /// One fix as a phone posts it to `/v1/locations`, its time in Unix seconds.
    struct LocationSample: Encodable {
        var id: String?
        let t: Double
        let lat: Double
        let lon: Double
        var accuracy: Double?
        var altitude: Double?
        var speed: Double?
        var heading: Double?
        var battery: Double?
    }

    /// The body of `POST /v1/locations`.
    struct LocationBatch: Encodable {
        let samples: [LocationSample]
    }
}
