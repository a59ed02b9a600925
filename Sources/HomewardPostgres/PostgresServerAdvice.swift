/// The PostgreSQL server settings a node checks when it starts, because its writes depend on them
/// (docs/postgresql.md, "Setting the server up"): each node's writer commits its groups in SERIALIZABLE
/// transactions, and PostgreSQL tells such transactions apart by the rows each one read. By
/// default it remembers at most 2 rows read on one table page (`max_pred_locks_per_page`) and 32
/// rows and pages read of one table or index (`max_pred_locks_per_relation`: half of
/// `max_pred_locks_per_transaction`, 64); a group that reads more is taken to have read the whole
/// page, or the whole table. Then two nodes' groups that merely read and write different rows (two
/// phones' latest positions) are taken for a conflict, and one of them runs again: with two nodes on
/// the page default, about one group in six did; with groups of more than 32 people, one in seven
/// (bench/README).
public enum PostgresServerAdvice {
    /// The least `max_pred_locks_per_page` a node advises: 64 (a group of 64 blocks reads at most
    /// about that many rows of one page).
    public static let minimumPredicateLocksPerPage = 64
    /// The least number of rows and pages of one table or index a transaction's reads are
    /// remembered by, one at a time, that a node advises (`max_pred_locks_per_relation`): 256 (a
    /// group of at most 64 blocks reads about 64 rows of one table and a few index pages: room to spare).
    public static let minimumPredicateLocksPerRelation = 256

    /// What a node should log about the server's settings: nothing when they are as advised.
    /// `predicateLocksPerRelation` is the limit in effect (a negative `max_pred_locks_per_relation`
    /// already turned into `max_pred_locks_per_transaction` divided by its absolute value).
    public static func warnings(predicateLocksPerPage: Int, predicateLocksPerRelation: Int) -> [String] {
        var warnings: [String] = []
        if predicateLocksPerPage < minimumPredicateLocksPerPage {
            warnings.append(warning(setting: "max_pred_locks_per_page", is: predicateLocksPerPage, advised: minimumPredicateLocksPerPage))
        }
        if predicateLocksPerRelation < minimumPredicateLocksPerRelation {
            warnings.append(
                warning(setting: "max_pred_locks_per_relation", is: predicateLocksPerRelation, advised: minimumPredicateLocksPerRelation))
        }
        return warnings
    }

    private static func warning(setting: String, is value: Int, advised: Int) -> String {
        "PostgreSQL's \(setting) is \(value): when several nodes share this database, "
            + "their writes will often be taken for conflicts and run again. Set it to \(advised) "
            + "or more (as a superuser: ALTER SYSTEM SET \(setting) = \(advised); "
            + "SELECT pg_reload_conf();), see docs/postgresql.md"
    }

    /// The limit of rows and pages of one relation in effect for `setting` (`max_pred_locks_per_relation`)
    /// and `perTransaction` (`max_pred_locks_per_transaction`): a negative setting divides the latter.
    public static func predicateLocksPerRelation(setting: Int, perTransaction: Int) -> Int {
        setting >= 0 ? setting : perTransaction / -setting
    }

    /// The warnings for the server `connection` is on, its settings read.
    public static func warnings(on connection: PostgresConnection) throws -> [String] {
        let settings: (Int64, Int64, Int64)? = try connection.fetchOne(
            """
            SELECT CAST(current_setting('max_pred_locks_per_page') AS bigint),
                   CAST(current_setting('max_pred_locks_per_relation') AS bigint),
                   CAST(current_setting('max_pred_locks_per_transaction') AS bigint)
            """, []) { row in (try row.value(at: 0), try row.value(at: 1), try row.value(at: 2)) }
        guard let (perPage, perRelation, perTransaction) = settings else { return [] }
        return warnings(
            predicateLocksPerPage: Int(perPage),
            predicateLocksPerRelation: predicateLocksPerRelation(setting: Int(perRelation), perTransaction: Int(perTransaction)))
    }
}
