/// One request as Tests/Receivers/weather_receiver.py answered it: the path, the query and the
/// status it answered with (nil while it hangs).
struct WeatherReceiverRecord: Decodable {
    let path: String
    let query: [String: String]
    let status: Int?
}
