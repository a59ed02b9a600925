/// Queries whose rows only fill caches, run together by `Database.run(_:)`: what a group of writes
/// reads ahead of its blocks (the people's latest positions, their active alerts, their trips). An
/// engine across a network sends them in one round trip (`PostgresConnection`); an embedded one
/// runs them one after another. Each query's rows are read, then its `finish` runs, in order.
public struct QueryBatch {
    /// One query: its SQL (`?` placeholders), its arguments by position, what reads each row, and
    /// what runs once its rows are read.
    public struct Query {
        /// The query's SQL.
        public let sql: String
        /// Its arguments, by position.
        public let arguments: StatementArguments
        /// Reads one row.
        public let row: (Row) throws -> Void
        /// Runs after the last row.
        public let finish: () throws -> Void
    }

    /// The queries, in the order they run.
    public private(set) var queries: [Query] = []

    /// An empty batch.
    public init() {}

    /// Adds the query `sql` with `arguments`: `row` reads each of its rows, then `finish` runs.
    public mutating func add(
        _ sql: String, _ arguments: StatementArguments, row: @escaping (Row) throws -> Void, finish: @escaping () throws -> Void = {}
    ) {
        queries.append(Query(sql: sql, arguments: arguments, row: row, finish: finish))
    }
}
