import HomewardHTTP

extension HomewardApp {
    /// The routes of every feature, each in the groups that authenticate its callers; the groups
    /// are built here once from the authenticator, and no feature sees the authenticator itself.
    public func makeRouter() -> Router {
        var router = Router()
        let signedIn = AuthenticatedRoutes.session(authenticator)
        let sessionCookie = AuthenticatedRoutes.sessionCookie(authenticator)
        let trackingClient = AuthenticatedRoutes.trackingClient(authenticator)
        let devices = DeviceKeyRoutes(authenticator)
        let linkAddresses = LinkAddresses(publicBaseURL: configuration.publicBaseURL, host: configuration.host, port: configuration.port)
        registerServiceRoutes(on: &router, app: self)
        registerZoneRoutes(on: &router, signedIn: signedIn, zones: ZoneService(
            database: database, accessPolicy: accessPolicy, clock: clock, limits: ZoneLimits(configuration),
            zoneObserver: zoneObserver, alerts: alerts, events: events))
        registerImportRoutes(on: &router, signedIn: signedIn, imports: ImportRequestService(
            database: database, accessPolicy: accessPolicy, service: importService, jobs: imports, limits: ImportLimits(configuration)))
        registerRoutineRoutes(on: &router, signedIn: signedIn, routine: RoutineService(
            database: database, accessPolicy: accessPolicy, zoneObserver: zoneObserver, clock: clock,
            falseAlarmMaxTuningSteps: configuration.falseAlarmMaxTuningSteps))
        registerAlertRoutes(on: &router, signedIn: signedIn, AlertRoutesDependencies(
            alerts: alertService, zoneObserver: zoneObserver, webhooks: WebhookService(
                database: database, rateLimiter: rateLimiter, outgoingClient: outgoingClient, clock: clock)))
        registerNotifyRoutes(on: &router, signedIn: signedIn, notify: NotifyService(
            database: database, channelDelivery: channelDelivery, rateLimiter: rateLimiter,
            clock: clock, escalationMaxSteps: configuration.escalationMaxSteps))
        registerEventRoutes(on: &router, signedIn: signedIn, events: EventStreamService(
            database: database, eventStreams: eventStreams, limits: EventStreamLimits(configuration)))
        registerTripRoutes(on: &router, signedIn: signedIn, TripRoutesDependencies(trips: trips, clock: clock))
        let ingest = IngestService(app: self)
        registerIngestRoutes(on: &router, signedIn: signedIn, ingest: ingest)
        registerViewRoutes(on: &router, signedIn: signedIn, views: ViewService(
            database: database, accessPolicy: accessPolicy, clock: clock, statusBoard: statusBoard, presence: presence,
            reporting: reporting))
        registerClientFeatures(on: &router, signedIn: signedIn, trackingClient: trackingClient, devices: devices, ingest: ingest,
                               addresses: linkAddresses)
        registerJournalRoutes(on: &router, signedIn: signedIn, journal: JournalService(
            database: database, accessPolicy: accessPolicy, clock: clock))
        registerEpisodeRoutes(on: &router, signedIn: signedIn, episodes: EpisodeService(
            database: database, accessPolicy: accessPolicy, clock: clock, weatherFiller: weatherFiller))
        registerShareRoutes(on: &router, signedIn: signedIn, shares: ShareService(database: database, secrets: secrets, clock: clock),
                            addresses: linkAddresses)
        registerAccountFeatures(on: &router, signedIn: signedIn, sessionCookie: sessionCookie, addresses: linkAddresses)
        var webApp = configuration.webApp
        webApp.sendsEmail = configuration.smtpServer != nil
        registerWebAppRoutes(on: &router, settings: webApp)
        return router
    }

    /// The routes of phones and tracking apps: device keys, phone setup, OwnTracks, Home Assistant,
    /// Overland and OsmAnd.
    private func registerClientFeatures(
        on router: inout Router, signedIn: AuthenticatedRoutes, trackingClient: AuthenticatedRoutes, devices: DeviceKeyRoutes,
        ingest: IngestService, addresses linkAddresses: LinkAddresses
    ) {
        let ownTracksPrefix = configuration.mqtt.ownTracksPrefix.isEmpty ? "owntracks" : configuration.mqtt.ownTracksPrefix
        registerDeviceRoutes(on: &router, signedIn: signedIn, devices: DeviceService(
            forgetBasicLogins: authenticator.forgetBasicLogins(of:), database: database, secrets: secrets, clock: clock,
            ownTracksTopicPrefix: ownTracksPrefix))
        registerPhoneSetupRoutes(on: &router, signedIn: signedIn, PhoneSetupRoutesDependencies(
            setup: PhoneSetupService(
                database: database, accessPolicy: accessPolicy, secrets: secrets, clock: clock,
                forgetBasicLogins: authenticator.forgetBasicLogins(of:), ownTracksTopicPrefix: ownTracksPrefix),
            addresses: linkAddresses))
        let mqtt = mqtt
        registerOwnTracksRoutes(on: &router, trackingClient: trackingClient, signedIn: signedIn, owntracks: OwnTracksService(
            ingest: ingest, database: database, accessPolicy: accessPolicy, clock: clock, commands: ownTracksCommands,
            onLocate: { mqtt?.locateRequested($0) }))
        registerHomeAssistantRoutes(on: &router, signedIn: signedIn, homeAssistant: HomeAssistantService(
            database: database, accessPolicy: accessPolicy, clock: clock, settings: configuration.mqtt, mqtt: mqtt,
            changes: homeAssistantChanges))
        registerOverlandRoutes(on: &router, trackingClient: trackingClient, OverlandRoutesDependencies(ingest: ingest, clock: clock))
        registerOsmAndRoutes(on: &router, devices: devices, OsmAndService(
            ingest: ingest, database: database, alerts: alertService, clock: clock))
    }

    /// The routes of accounts, links and web sessions, which share one `AccountService`.
    private func registerAccountFeatures(
        on router: inout Router, signedIn: AuthenticatedRoutes, sessionCookie: AuthenticatedRoutes, addresses linkAddresses: LinkAddresses
    ) {
        let accounts = AccountService(
            database: database, hasher: passwordHasher, loginLimits: loginLimits, authenticator: authenticator, clock: clock,
            secrets: secrets, metrics: metrics, presence: presence, accountMemories: accountMemories, liveAccess: liveAccess,
            sessionLifetimeSeconds: configuration.sessionLifetimeSeconds, phoneNumbers: phoneNumbers,
            accessPolicy: accessPolicy)
        registerAccountRoutes(on: &router, signedIn: signedIn, AccountRoutesDependencies(
            accounts: accounts,
            passwordResetMail: PasswordResetMail(
                database: database, secrets: secrets, clock: clock, rateLimiter: rateLimiter, outgoingClient: outgoingClient,
                smtpServer: configuration.smtpServer, phoneNumbers: phoneNumbers, logger: logger),
            addresses: linkAddresses))
        registerLinkRoutes(on: &router, signedIn: signedIn, LinkRoutesDependencies(
            links: LinkService(app: self), addresses: linkAddresses))
        registerWebSessionRoutes(on: &router, signedIn: signedIn, sessionCookie: sessionCookie, WebSessionRoutesDependencies(
            accounts: accounts, sessionLifetimeSeconds: configuration.sessionLifetimeSeconds))
    }
}
