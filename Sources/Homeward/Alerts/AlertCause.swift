/// The `cause` strings of the alerts this server raises; one active alert per account and cause.
public enum AlertCause {
    /// The person is outside the zone `id` (left_zone).
    public static func outsideZone(_ id: String) -> String { "zone:\(id)" }
    /// The person entered the zone `id` (entered_zone, when the zone asks for it).
    public static func enteredZone(_ id: String) -> String { "zone:\(id):entered" }
    /// The "there by" deadline of zone `id` passed with the person elsewhere (expected_missed).
    public static func missedArrival(_ id: String) -> String { "zone:\(id):expected" }
    /// The person left the zone `id` with no guardian near (unaccompanied, when the zone asks for it).
    public static func unaccompanied(_ id: String) -> String { "zone:\(id):unaccompanied" }
    /// Every cause tied to zone `id`, resolved when the zone is deleted.
    public static func causes(ofZone id: String) -> [String] {
        [outsideZone(id), enteredZone(id), missedArrival(id), unaccompanied(id)]
    }
    /// A wandering pattern (lapping, pacing, random).
    public static let wandering = "wandering"
    /// Far from home for too long.
    public static let farFromHome = "wandering:far_from_home"
    /// No heartbeat for too long.
    public static let silent = "silent"
    /// The battery is low in the current discharge.
    public static let lowBattery = "low_battery"
    /// An SOS; each press is its own cause.
    public static func sos(_ id: String) -> String { "sos:\(id)" }
    /// An SOS a tracking client sent with its fix of `time` (Traccar Client's `alarm=sos`): the same
    /// cause when the app resends it, so a retried SOS is raised once.
    public static func clientSOS(at time: Timestamp) -> String { "sos:client:\(time.unixMilliseconds)" }
    /// Link `id` was made with the person's chosen code (new_guardian); resolved when the link ends.
    public static func newGuardian(link id: String) -> String { "link:\(id)" }
    /// A countdown; each is its own cause.
    public static func countdown(_ id: String) -> String { "countdown:\(id)" }
}
