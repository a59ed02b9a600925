/// The migrations the binary carries, from `schema/` (SQLite) and `schema/postgres/` (PostgreSQL).
public enum Schema {
    /// Migration files as (name, SQL), in the order they apply.
    public static var migrations: [(name: String, sql: String)] { EmbeddedSchema.migrations }
    /// The PostgreSQL dialect of the migrations (`schema/postgres/`), numbered and named the same.
    public static var postgresMigrations: [(name: String, sql: String)] { EmbeddedSchema.postgresMigrations }
    /// The OpenAPI description of the HTTP API.
    public static var openAPI: String { EmbeddedSchema.openAPI }
}
