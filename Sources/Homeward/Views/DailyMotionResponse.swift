/// The answer of `GET /v1/accounts/{id}/motion/daily`.
struct DailyMotionResponse: Encodable {
    /// Every day of the range, oldest first, zeros included.
    var days: [DailyMotion]
}
