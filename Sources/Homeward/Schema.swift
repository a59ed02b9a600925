/// The migrations the binary carries, from `schema/`.
public enum Schema {
    /// Migration files as (name, SQL), in the order they apply.
    public static var migrations: [(name: String, sql: String)] { EmbeddedSchema.migrations }
    /// The OpenAPI description of the HTTP API.
    public static var openAPI: String { EmbeddedSchema.openAPI }
}
