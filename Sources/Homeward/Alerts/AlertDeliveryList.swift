/// The deliveries of one alert, oldest first: `{deliveries: [...]}`.
public struct AlertDeliveryList: Sendable, Codable, Equatable {
    /// One entry per event and recipient.
    public var deliveries: [AlertDelivery]
}
