extension ZoneLimits {
    /// The zone limits `configuration` sets.
    init(_ configuration: AppConfiguration) {
        self.init(
            minRadiusMetres: configuration.zoneMinRadiusMetres, maxRadiusMetres: configuration.zoneMaxRadiusMetres,
            maxPolygonVertices: configuration.zoneMaxPolygonVertices, maxPolygonSpanMetres: configuration.zoneMaxPolygonSpanMetres,
            unaccompaniedMinWithinMetres: configuration.unaccompaniedMinWithinMetres,
            unaccompaniedMaxWithinMetres: configuration.unaccompaniedMaxWithinMetres,
            maxZonesPerAccount: configuration.maxZonesPerAccount)
    }
}
