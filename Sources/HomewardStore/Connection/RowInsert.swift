/// The rows a hot write adds to one table, one or many at a time, each predicted to change exactly
/// one row (a new fix, an account's latest position): declared once, as a `static let` beside the
/// store that writes them, and written with `Database.insertRows(_:count:binding:)`. Knowing the
/// shape lets an engine across a network merge the rows of many write blocks into one statement.
public struct RowInsert: Sendable {
    /// One column: its name and its SQL type (`BIGINT`, `DOUBLE PRECISION`, `TEXT`).
    public struct Column: Sendable {
        /// The column's name.
        public let name: String
        /// The column's SQL type, as PostgreSQL names it (an array of it carries the column's values).
        public let type: String

        /// A column named `name` of SQL type `type`.
        public init(_ name: String, _ type: String) {
            self.name = name
            self.type = type
        }
    }

    /// The table written.
    public let table: String
    /// The columns, in the order a row binds them.
    public let columns: [Column]
    /// What follows the rows: `ON CONFLICT DO NOTHING`, or an upsert's `ON CONFLICT (…) DO UPDATE SET …`.
    public let conflictClause: String
    /// How many leading columns identify a row whose repetition one statement cannot take (an upsert
    /// changes a row at most once a statement); 0 when any rows may share a statement.
    public let keyColumnCount: Int
    /// The statement for one row, with `?` placeholders.
    public let oneRowSQL: String
    /// The statement for any number of rows with one parameter a column, each an array of the
    /// column's values (PostgreSQL's `unnest`): one prepared statement serves every row count.
    public let columnarSQL: String
    /// PostgreSQL's `COPY … FROM STDIN (FORMAT binary)` for the rows, when they may go that way: a
    /// plain insert whose conflict clause is `ON CONFLICT DO NOTHING` (a row predicted new that is
    /// not fails the COPY, as it fails the prediction), of columns PostgreSQL's binary format is
    /// written for here (`bigint`, `integer`, `smallint`, `double precision`); nil otherwise.
    public let copySQL: String?

    /// The rows of `table`'s `columns`, followed by `conflictClause`; no two rows with the same first
    /// `keyColumnCount` values go in one statement.
    public init(table: String, columns: [Column], conflictClause: String, keyColumnCount: Int = 0) {
        self.table = table
        self.columns = columns
        self.conflictClause = conflictClause
        self.keyColumnCount = keyColumnCount
        let names = columns.map(\.name).joined(separator: ", ")
        let placeholders = "(" + Array(repeating: "?", count: columns.count).joined(separator: ", ") + ")"
        oneRowSQL = "INSERT INTO \(table) (\(names)) VALUES \(placeholders) \(conflictClause)"
        let arrays = columns.map { "CAST(? AS \($0.type)[])" }.joined(separator: ", ")
        columnarSQL = "INSERT INTO \(table) (\(names)) SELECT * FROM unnest(\(arrays)) \(conflictClause)"
        let binaryTypes: Set<String> = ["bigint", "integer", "smallint", "double precision"]
        let copyable = keyColumnCount == 0 && conflictClause == "ON CONFLICT DO NOTHING"
            && columns.allSatisfy { binaryTypes.contains($0.type) }
        copySQL = copyable ? "COPY \(table) (\(names)) FROM STDIN (FORMAT binary)" : nil
    }

    /// The statement for `rows` rows, with `?` placeholders row after row.
    public func valuesSQL(rows: Int) -> String {
        let placeholders = "(" + Array(repeating: "?", count: columns.count).joined(separator: ", ") + ")"
        let names = columns.map(\.name).joined(separator: ", ")
        return "INSERT INTO \(table) (\(names)) VALUES \(Array(repeating: placeholders, count: rows).joined(separator: ", ")) \(conflictClause)"
    }
}
