import HomewardHTTP

/// `GET` and `PUT /v1/accounts/{id}/home-assistant`: "Show in Home Assistant", for the person and
/// the guardians the person linked (who may already see everything Home Assistant would show); 404
/// for anyone else (`AccessPolicy`). Turning it on publishes the person's `device_tracker` by MQTT
/// discovery, turning it off removes it (`HomeAssistantPublisher`); without a broker the setting is
/// kept and the answer says `broker: off`.
func registerHomeAssistantRoutes(on router: inout Router, signedIn: AuthenticatedRoutes, homeAssistant: HomeAssistantService) {
    signedIn.get("/v1/accounts/{id}/home-assistant", on: &router) { context, caller in
        .json(try homeAssistant.setting(of: try context.parameter("id"), for: caller))
    }
    signedIn.put("/v1/accounts/{id}/home-assistant", on: &router) { context, caller in
        let id = try context.parameter("id")
        return .json(try homeAssistant.change(try context.decode(HomeAssistantSettingRequest.self), of: id, by: caller))
    }
}
