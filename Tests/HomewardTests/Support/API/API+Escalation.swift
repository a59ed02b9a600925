extension API {
    /// The body of `PUT /v1/me/escalation`: the guardians in the order they are told, and minutes per
    /// alert type (null switches a type's escalation off).
    struct EscalationRequest: Encodable {
        let order: [String]
        var minutes: [String: Int?]?
    }
}
