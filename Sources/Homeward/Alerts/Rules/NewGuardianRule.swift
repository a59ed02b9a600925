/// `new_guardian`: someone became the person's guardian with the code the person chose
/// (`LinkService`); told to the person, resolved when the link ends.
public enum NewGuardianRule: AlertRule {
    public static let type = AlertType.newGuardian
    public static let title = "New guardian"
    public static let isForThePerson = true
}

extension AlertType {
    /// Someone became the person's guardian with the code the person chose; told to the person.
    public static let newGuardian = AlertType(declaring: "new_guardian")
}

extension AlertCause {
    /// Link `id` was made with the person's chosen code (new_guardian); resolved when the link ends.
    public static func newGuardian(link id: String) -> String { "link:\(id)" }
}
