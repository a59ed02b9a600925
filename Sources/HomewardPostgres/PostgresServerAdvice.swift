/// The PostgreSQL server settings a node checks when it starts, because its writes depend on them
/// (docs/postgresql.md, "Setting the server up"): each node's writer commits its groups in SERIALIZABLE
/// transactions, and PostgreSQL tells such transactions apart by the rows each one read. By
/// default it remembers at most 2 rows read on one table page (`max_pred_locks_per_page`); a
/// group that reads a third row of a page is taken to have read the whole page, so two nodes'
/// groups that merely read and write neighbouring rows (two phones' latest positions on one page)
/// are taken for a conflict, and one of them runs again: with two nodes on the default, about one
/// group in six did, and two nodes posted less than one (bench/README).
public enum PostgresServerAdvice {
    /// The least `max_pred_locks_per_page` a node advises: 64 (a group of 64 blocks reads at most
    /// about that many rows of one page).
    public static let minimumPredicateLocksPerPage = 64

    /// What a node should log about the server's settings: nothing when they are as advised.
    public static func warnings(predicateLocksPerPage: Int) -> [String] {
        guard predicateLocksPerPage < minimumPredicateLocksPerPage else { return [] }
        return [
            "PostgreSQL's max_pred_locks_per_page is \(predicateLocksPerPage): when several nodes share this database, "
                + "their writes will often be taken for conflicts and run again. Set it to \(minimumPredicateLocksPerPage) "
                + "or more (as a superuser: ALTER SYSTEM SET max_pred_locks_per_page = \(minimumPredicateLocksPerPage); "
                + "SELECT pg_reload_conf();), see docs/postgresql.md"
        ]
    }

    /// The warnings for the server `connection` is on, its settings read.
    public static func warnings(on connection: PostgresConnection) throws -> [String] {
        let perPage: Int64? = try connection.fetchOne("SELECT CAST(current_setting('max_pred_locks_per_page') AS bigint)")
        return warnings(predicateLocksPerPage: Int(perPage ?? Int64(minimumPredicateLocksPerPage)))
    }
}
