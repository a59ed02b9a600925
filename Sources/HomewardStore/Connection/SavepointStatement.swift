/// A statement that opens, keeps or undoes a savepoint (see `Database.inSavepoint`).
public enum SavepointStatement: Equatable, Sendable {
    /// `SAVEPOINT name`.
    case create(String)
    /// `RELEASE SAVEPOINT name`: its work joins the enclosing transaction or savepoint.
    case release(String)
    /// `ROLLBACK TO SAVEPOINT name`: its work is undone, the savepoint stays open.
    case rollBack(String)

    /// The savepoint's name.
    public var name: String {
        switch self {
        case .create(let name), .release(let name), .rollBack(let name): name
        }
    }

    /// The statement's SQL, the same in both dialects.
    public var sql: String {
        switch self {
        case .create(let name): "SAVEPOINT \(name)"
        case .release(let name): "RELEASE SAVEPOINT \(name)"
        case .rollBack(let name): "ROLLBACK TO SAVEPOINT \(name)"
        }
    }
}
