extension ServerSettings {
    /// Safe zones, the geo trackers, learned routines and places, and the battery.
    static let zones: [ServerSetting] = [
        .value("zone-min-radius-metres", \.zoneMinRadiusMetres, "Smallest radius of a circular safe zone in metres",
               check: .that("must be positive and at most zone-max-radius-metres") { metres, configuration in
                   metres > 0 && metres <= configuration.zoneMaxRadiusMetres
               }),
        .value("zone-max-radius-metres", \.zoneMaxRadiusMetres, "Largest radius of a circular safe zone in metres"),
        .value("zone-max-polygon-vertices", \.zoneMaxPolygonVertices, "Most vertices of a polygonal safe zone"),
        .value("zone-max-polygon-span-metres", \.zoneMaxPolygonSpanMetres,
               "Largest distance between two vertices of a polygonal zone in metres"),
        .value("max-zones-per-account", \.maxZonesPerAccount, "Most safe zones per person"),
        .value("max-tracked-people", \.maxTrackedPeople, "Geo trackers kept in memory at most", check: .atLeast(1)),
        .value("routine-minimum-days", \.routineMinimumDays,
               "Days of a person's history before their learned routine is trusted; until then `far_from_home` is raised only after a night departure from home, and once trusted, off the routine at night, after a night departure or in a place marked not usual (by day a trip somewhere new is no alarm by itself; 0: trust it at once)",
               check: .notNegative),
        .value("routine-history-days", \.routineHistoryDays,
               "Days of stored history read to rebuild a person's routine when their tracker is built (after a start, an eviction, learning switched on, an import): the newest days that have fixes, however old (an import's history fills the days the live fixes leave); 0 reads none",
               check: .notNegative),
        .value("routine-history-max-fixes", \.routineHistoryMaxFixes,
               "Most stored fixes read for that rebuild, newest first, one a minute at most (read in pages, at most 120 rows for each fix kept: the rebuild's work is bounded)",
               check: .notNegative),
        .value("routine-history-max-age-days", \.routineHistoryMaxAgeDays,
               "Days older than this before the rebuild do not teach the routine, imported or live (kept as history all the same): places and hours drift, and a routine learned from years-old days would be trusted at once and raise false alarms where the person lives now",
               check: .atLeast(1)),
        .value("tracker-recall-minutes", \.trackerRecallMinutes,
               "A tracker built again (after a start, an eviction, a zone change, or on a node that did not see the person's last fixes) first recalls their stored fixes of this many minutes, raising nothing, so it takes up where they left off; 0 recalls none",
               check: .notNegative),
        .value("tracker-recall-max-fixes", \.trackerRecallMaxFixes,
               "At most this many of those fixes, the newest (one index range read)", check: .notNegative),
        .value("max-learned-places", \.maxLearnedPlaces,
               "Most learned places `GET /v1/accounts/{id}/places` lists per person", check: .atLeast(1)),
        .value("false-alarm-max-tuning-steps", \.falseAlarmMaxTuningSteps,
               "Steps at most by which a person's false alarms of one kind raise their thresholds (0: feedback is recorded but tunes nothing)",
               check: .notNegative),
        .value("unaccompanied-min-within-metres", \.unaccompaniedMinWithinMetres,
               "Smallest `unaccompanied.withinMetres` a zone may ask for",
               check: .that("must be positive and at most unaccompanied-max-within-metres") { metres, configuration in
                   metres > 0 && metres <= configuration.unaccompaniedMaxWithinMetres
               }),
        .value("unaccompanied-max-within-metres", \.unaccompaniedMaxWithinMetres,
               "Largest `unaccompanied.withinMetres` a zone may ask for"),
        .value("unaccompanied-guardian-fix-max-age-seconds", \.unaccompaniedGuardianFixMaxAgeSeconds,
               "A guardian's latest position taken longer than this before or after the person's exit fix does not count as \"near\" for the unaccompanied rule",
               check: .atLeast(1)),
    ]
}
