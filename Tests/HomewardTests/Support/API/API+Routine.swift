extension API {
    /// The body of `PATCH /v1/accounts/{id}/places/{placeId}`: a name for the place, and whether it is
    /// one of the person's usual places.
    struct PlaceUpdate: Encodable {
        var name: String?
        var usual: Bool?
    }

    /// The body of `PATCH /v1/accounts/{id}/routine`: learning on or off.
    struct RoutineSetting: Encodable {
        let learning: Bool
    }
}
