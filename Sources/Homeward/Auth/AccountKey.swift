/// The internal, stable key of an account (`accounts.key`); API responses use the opaque `id`.
public typealias AccountKey = Int64
