/// The `cause` strings of the alerts this server raises; one active alert per account and cause.
/// Each rule in `Alerts/Rules/` adds its own causes to this namespace, in its own file.
public enum AlertCause {
    /// Every cause tied to zone `id`, resolved when the zone is deleted.
    public static func causes(ofZone id: String) -> [String] {
        [outsideZone(id), enteredZone(id), missedArrival(id), unaccompanied(id)]
    }
}
