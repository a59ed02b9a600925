import HomewardHTTP

/// `GET` and `PUT /v1/accounts/{id}/home-assistant`: "Show in Home Assistant", for the person and
/// the guardians the person linked (who may already see everything Home Assistant would show); 404
/// for anyone else (`AccessPolicy`). Turning it on publishes the person's `device_tracker` by MQTT
/// discovery, turning it off removes it (`HomeAssistantPublisher`); without a broker the setting is
/// kept and the answer says `broker: off`.
func registerHomeAssistantRoutes(on router: inout Router, signedIn: AuthenticatedRoutes, _ services: HomeAssistantRoutesDependencies) {
    signedIn.get("/v1/accounts/{id}/home-assistant", on: &router) { context, caller in
        let id = try context.parameter("id")
        let enabled = try services.database.read { db in
            try HomeAssistantStore(db: db).isShown(try services.accessPolicy.visibleAccount(id, to: caller, in: db))
        }
        return .json(setting(of: id, enabled: enabled, services))
    }
    signedIn.put("/v1/accounts/{id}/home-assistant", on: &router) { context, caller in
        let id = try context.parameter("id")
        let request = try context.decode(HomeAssistantSettingRequest.self)
        let account = try services.database.write { db in
            let account = try services.accessPolicy.visibleAccount(id, to: caller, in: db)
            let store = HomeAssistantStore(db: db)
            if request.enabled {
                try store.show(account, at: services.clock.now(), by: caller.accountKey)
            } else {
                try store.hide(account)
            }
            return account
        }
        services.changes.settingChanged(account)
        return .json(setting(of: id, enabled: request.enabled, services))
    }
}

private func setting(of id: String, enabled: Bool, _ services: HomeAssistantRoutesDependencies) -> HomeAssistantSetting {
    let topics = HomeAssistantTopics(discoveryPrefix: services.settings.discoveryPrefix, prefix: services.settings.topicPrefix)
    return HomeAssistantSetting(
        enabled: enabled, broker: services.mqtt.map { $0.isConnected ? "connected" : "connecting" } ?? "off",
        uniqueId: HomeAssistantTopics.uniqueID(of: id), stateTopic: topics.state(id), attributesTopic: topics.attributes(id),
        alertTopic: topics.alert(id))
}
