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

    /// The body of `POST /v1/motion`: readings of the phone's step counter.
    struct MotionBatch: Encodable {
        /// One reading, its time in Unix seconds.
        struct Sample: Encodable {
            let t: Double
            var steps: Int?
            var activity: String?
        }

        let samples: [Sample]
    }
}
