/// A moment as seconds since 1970-01-01T00:00:00Z; the module never touches Foundation's `Date`.
public typealias UnixSeconds = Double
