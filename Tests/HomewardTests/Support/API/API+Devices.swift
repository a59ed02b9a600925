extension API {
    /// The answer to `POST /v1/me/devices`: the only time the key is shown.
    struct NewDevice: Decodable {
        let id: String
        let name: String
        let key: String
        let readsOthers: Bool
        let createdAt: String
    }

    /// One device of `GET /v1/me/devices`.
    struct Device: Decodable {
        let id: String
        let name: String
        let createdAt: String
        let lastUsedAt: String?
        let readsOthers: Bool
        var ownTracksTopic: String?
    }

    /// `GET /v1/me/devices`.
    struct DeviceList: Decodable {
        let devices: [Device]
    }

    /// The body of `POST /v1/me/devices`.
    struct DeviceRequest: Encodable {
        let name: String
        var readsOthers: Bool?
        var payloadSecret: String?
        var ownTracksTopic: String?
    }
}

extension API {
    /// `GET` and `PUT /v1/accounts/{id}/home-assistant`.
    struct HomeAssistantSetting: Decodable {
        let enabled: Bool
        let broker: String
        let uniqueId: String
        let stateTopic: String
        let attributesTopic: String
        let alertTopic: String
    }
}
