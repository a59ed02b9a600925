/// When a failed delivery of the alert outbox is tried again (`webhookFirstRetrySeconds`, doubled per
/// failure up to `webhookMaxRetrySeconds`) and when it is given up (`webhookGiveUpSeconds`);
/// `AppConfiguration` documents each.
public struct DeliveryRetryPolicy: Sendable {
    /// The delay before the first retry.
    public var firstRetrySeconds: Double
    /// The longest delay between two attempts.
    public var maxRetrySeconds: Double
    /// How long after its creation a delivery that never succeeded is marked failed.
    public var giveUpSeconds: Int
}
