/// `new_guardian`: someone became the person's guardian with the code the person chose (a random
/// code is read out to the guardian by the person, who knows already); told to the person, resolved
/// when the link ends (`LinkService` asks `request(link:guardianName:chosenCode:)` and `cause(link:)`).
public enum NewGuardianRule: AlertRule {
    public static let type = AlertType.newGuardian
    public static let title = "New guardian"
    public static let isForThePerson = true

    /// The alert a link `id` made by `guardianName` raises for the person: only when made with the
    /// person's chosen code.
    static func request(link id: String, guardianName: String, chosenCode: Bool) -> AlertRequest? {
        guard chosenCode else { return nil }
        return AlertRequest(
            type: .newGuardian, cause: AlertCause.newGuardian(link: id),
            message: "\(guardianName) can now see where you are — remove them under Guardians if this was not you.")
    }
}

extension AlertType {
    /// Someone became the person's guardian with the code the person chose; told to the person.
    public static let newGuardian = AlertType(declaring: "new_guardian")
}

extension AlertCause {
    /// Link `id` was made with the person's chosen code (new_guardian); resolved when the link ends.
    public static func newGuardian(link id: String) -> String { "link:\(id)" }
}
