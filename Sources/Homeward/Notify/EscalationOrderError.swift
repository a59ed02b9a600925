/// Why `NotificationSettingsStore.setOrder` refused a person's order of guardians; the route turns
/// it into the HTTP answer.
enum EscalationOrderError: Error, Equatable {
    /// The order names more than `EscalationRequest.maxOrderCount` guardians.
    case tooLong
    /// The order names a guardian twice.
    case repeated
    /// The entry at `index` is not one of the person's guardians.
    case notAGuardian(index: Int)
}
