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

    /// One reading of the phone's step counter as posted to `/v1/motion`, its time in Unix seconds.
    struct MotionSample: Encodable {
        var id: String?
        let t: Double
        var steps: Int?
        var distance: Double?
        var activity: String?
    }

    /// The body of `POST /v1/motion`.
    struct MotionBatch: Encodable {
        let samples: [MotionSample]
    }
}
