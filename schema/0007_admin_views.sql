-- Readable views for an administrator at the sqlite3 prompt: names instead of keys, degrees and metres
-- instead of scaled integers, UTC text next to every *_ms time. The server never reads them; they cost
-- nothing until queried. Times relative to "now" use the clock of the machine running the query.
-- postgres:

-- SQLite's strftime('%Y-%m-%dT%H:%M:%fZ', ms / 1000.0, 'unixepoch'): Unix milliseconds as RFC 3339 UTC
-- text with milliseconds, e.g. 2026-01-02T03:04:05.678Z; NULL for NULL. Below, SQLite's
-- CAST(strftime('%s', 'now') AS INTEGER) is floor(extract(epoch FROM now())), the clock of the
-- database server, and its two-argument max(0, x), NULL when x is NULL, is GREATEST guarded by a CASE.
CREATE FUNCTION homeward_utc_text(ms BIGINT) RETURNS TEXT
    LANGUAGE sql STABLE STRICT
    RETURN to_char(to_timestamp(ms / 1000.0) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"');
-- end

-- Each account's latest shown position, newest first, with its name and age.
CREATE VIEW admin_latest_positions AS
SELECT
    a.id                                                         AS account_id,   -- opaque account id, as the API shows it
    a.name                                                       AS name,         -- the account's display name
    a.phone                                                      AS phone,        -- the account's phone number (E.164)
    l.lat                                                        AS lat,          -- latitude in degrees
    l.lon                                                        AS lon,          -- longitude in degrees
    l.accuracy_m                                                 AS accuracy_m,   -- horizontal accuracy in metres; NULL if unknown
    l.speed_m_s                                                  AS speed_m_s,    -- speed in metres per second; NULL if unknown
    l.battery_pct                                                AS battery_pct,  -- battery charge in percent; NULL if unknown
    l.t_ms                                                       AS fix_at_ms,    -- when the fix was taken (Unix ms)
-- sqlite:
    strftime('%Y-%m-%dT%H:%M:%fZ', l.t_ms / 1000.0, 'unixepoch') AS fix_at_utc,   -- the same time as RFC 3339 UTC text
    (CAST(strftime('%s', 'now') AS INTEGER) * 1000 - l.t_ms) / 1000 AS age_seconds, -- seconds since the fix was taken
-- postgres:
    homeward_utc_text(l.t_ms)                                    AS fix_at_utc,   -- the same time as RFC 3339 UTC text
    (floor(extract(epoch FROM now()))::BIGINT * 1000 - l.t_ms) / 1000 AS age_seconds, -- seconds since the fix was taken
-- end
    l.received_at_ms                                             AS received_at_ms -- when the server stored the fix (Unix ms)
FROM latest_locations l
JOIN accounts a ON a.key = l.account_key
ORDER BY l.t_ms DESC;

-- Alerts that still need someone (pending countdowns, open and acknowledged alerts), newest first.
CREATE VIEW admin_open_alerts AS
SELECT
    x.id                                                         AS alert_id,        -- opaque alert id, as the API shows it
    x.type                                                       AS type,            -- what happened (sos, left_zone, ...)
    x.status                                                     AS status,          -- pending, open or acknowledged
    a.id                                                         AS account_id,      -- opaque id of the person the alert is about
    a.name                                                       AS name,            -- the person's display name
    a.phone                                                      AS phone,           -- the person's phone number (E.164)
    x.message                                                    AS message,         -- text from the person or the rule; NULL if none
    x.lat                                                        AS lat,             -- where the person was, in degrees; NULL if unknown
    x.lon                                                        AS lon,             -- where the person was, in degrees; NULL if unknown
    x.trip_id                                                    AS trip_id,         -- the trip it belongs to; NULL if none
    x.created_at_ms                                              AS created_at_ms,   -- when it was raised (Unix ms)
-- sqlite:
    strftime('%Y-%m-%dT%H:%M:%fZ', x.created_at_ms / 1000.0, 'unixepoch') AS created_at_utc, -- the same time as RFC 3339 UTC text
    (CAST(strftime('%s', 'now') AS INTEGER) * 1000 - x.created_at_ms) / 60000 AS minutes_open, -- whole minutes since it was raised
-- postgres:
    homeward_utc_text(x.created_at_ms)                           AS created_at_utc,  -- the same time as RFC 3339 UTC text
    (floor(extract(epoch FROM now()))::BIGINT * 1000 - x.created_at_ms) / 60000 AS minutes_open, -- whole minutes since it was raised
-- end
    g.name                                                       AS acknowledged_by  -- the guardian who acknowledged it; NULL if no one yet
FROM alerts x
JOIN accounts a ON a.key = x.account_key
LEFT JOIN accounts g ON g.key = x.acknowledged_by_key
WHERE x.status IN ('pending', 'open', 'acknowledged')
ORDER BY x.created_at_ms DESC;

-- Trips under way with their kept progress, companions and lateness, oldest first.
CREATE VIEW admin_active_trips AS
SELECT
    t.id                                                         AS trip_id,             -- opaque trip id, as the API shows it
    a.name                                                       AS traveller,           -- the traveller's display name
    a.phone                                                      AS phone,               -- the traveller's phone number (E.164)
    t.mode                                                       AS mode,                -- walking, cycling, driving or transit
    t.phase                                                      AS phase,               -- moving, or stopped at a stopover
    t.destination_name                                           AS destination,         -- the destination's name; NULL if not given
-- sqlite:
    strftime('%Y-%m-%dT%H:%M:%fZ', t.started_at_ms / 1000.0, 'unixepoch') AS started_at_utc, -- when the trip started, RFC 3339 UTC
-- postgres:
    homeward_utc_text(t.started_at_ms)                           AS started_at_utc,      -- when the trip started, RFC 3339 UTC
-- end
    round(t.distance_remaining_m)                                AS metres_left,         -- metres still to go; NULL before any position
    round(t.eta_seconds)                                         AS eta_seconds,         -- estimated seconds to arrival; NULL before any position
-- sqlite:
    strftime('%Y-%m-%dT%H:%M:%fZ', t.eta_at_ms / 1000.0, 'unixepoch') AS eta_utc,        -- estimated arrival, RFC 3339 UTC; NULL before any position
-- postgres:
    homeward_utc_text(t.eta_at_ms)                               AS eta_utc,             -- estimated arrival, RFC 3339 UTC; NULL before any position
-- end
    t.off_route                                                  AS off_route,           -- 1 while confirmed off the planned route
    t.passengers_aboard                                          AS passengers_aboard,   -- passengers picked up and not yet dropped off
    (SELECT count(*) FROM trip_companions c WHERE c.trip_key = t.key) AS companions,     -- people who joined with the access code
-- sqlite:
    strftime('%Y-%m-%dT%H:%M:%fZ', t.last_fix_at_ms / 1000.0, 'unixepoch') AS last_fix_utc, -- when the last position used was taken; NULL if none
    max(0, (CAST(strftime('%s', 'now') AS INTEGER) * 1000 - t.due_at_ms) / 60000) AS minutes_overdue -- whole minutes past due; 0 if not late, NULL if no due time
-- postgres:
    homeward_utc_text(t.last_fix_at_ms)                          AS last_fix_utc,        -- when the last position used was taken; NULL if none
    CASE WHEN t.due_at_ms IS NOT NULL
         THEN GREATEST(0, (floor(extract(epoch FROM now()))::BIGINT * 1000 - t.due_at_ms) / 60000)
    END                                                          AS minutes_overdue      -- whole minutes past due; 0 if not late, NULL if no due time
-- end
FROM trips t
JOIN accounts a ON a.key = t.account_key
WHERE t.status = 'active'
ORDER BY t.started_at_ms;

-- What each account has stored: samples, alerts, trips and journal entries (counted when queried).
CREATE VIEW admin_account_counts AS
SELECT
    a.id                                                         AS account_id,        -- opaque account id, as the API shows it
    a.name                                                       AS name,              -- the account's display name
    a.phone                                                      AS phone,             -- the account's phone number (E.164)
    (SELECT count(*) FROM locations l WHERE l.account_key = a.key) AS location_samples, -- stored location fixes
    (SELECT count(*) FROM motion m WHERE m.account_key = a.key)  AS motion_samples,    -- stored motion reports
    (SELECT count(*) FROM alerts x WHERE x.account_key = a.key)  AS alerts,            -- alerts about the account, in any status
    (SELECT count(*) FROM trips t WHERE t.account_key = a.key)   AS trips,             -- trips the account travelled, active or arrived
    (SELECT count(*) FROM journal_entries j WHERE j.account_key = a.key) AS journal_entries, -- journal entries of any kind
-- sqlite:
    strftime('%Y-%m-%dT%H:%M:%fZ', a.last_seen_at_ms / 1000.0, 'unixepoch') AS last_seen_utc -- the last authenticated request or sample, RFC 3339 UTC; NULL if never
-- postgres:
    homeward_utc_text(a.last_seen_at_ms)                         AS last_seen_utc      -- the last authenticated request or sample, RFC 3339 UTC; NULL if never
-- end
FROM accounts a
ORDER BY a.key;
