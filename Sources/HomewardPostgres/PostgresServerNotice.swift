/// A notice or warning the server sent on a connection (`RAISE WARNING`, "there is no transaction in
/// progress", a migration's `NOTICE`): its severity as the server names it (`WARNING`, `NOTICE`,
/// `INFO`, `LOG`, `DEBUG`), its SQLSTATE and its message.
public struct PostgresServerNotice: Sendable, Equatable {
    public var severity: String
    public var sqlState: String
    public var message: String

    public init(severity: String, sqlState: String, message: String) {
        self.severity = severity
        self.sqlState = sqlState
        self.message = message
    }
}
