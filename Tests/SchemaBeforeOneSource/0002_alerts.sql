-- PostgreSQL dialect of schema/0002_alerts.sql: the same tables, columns, keys, checks and indexes
-- (partial indexes included). What differs, and why:
--   types as in 0001 (BIGINT, DOUBLE PRECISION, TEXT); alerts.key and webhook_deliveries.key,
--   SQLite rowid aliases, are GENERATED ALWAYS AS IDENTITY (never reused, see 0001);
--   webhooks.url's GLOB patterns are LIKE patterns; no STRICT.

-- Something the people watching an account must know: an SOS, a countdown that ran out, a left zone...
CREATE TABLE alerts (
    key                 BIGINT  GENERATED ALWAYS AS IDENTITY PRIMARY KEY,            -- internal key, for references from other tables
    id                  TEXT    NOT NULL UNIQUE,                                     -- opaque alert id, as the API shows it
    account_key         BIGINT  NOT NULL REFERENCES accounts (key) ON DELETE CASCADE, -- the person the alert is about
    type                TEXT    NOT NULL CHECK (type IN (                           -- what happened (API.md "Types")
                            'sos', 'danger', 'arrived', 'left_zone', 'entered_zone', 'wandering',
                            'off_route', 'overdue', 'stalled', 'silent', 'low_battery',
                            'unaccompanied', 'expected_missed')),
    status              TEXT    NOT NULL CHECK (status IN (                         -- pending: a countdown not yet fired; open: needs attention;
                            'pending', 'open', 'acknowledged', 'resolved', 'cancelled')), -- acknowledged: a guardian saw it; resolved: the cause ended;
                                                                                          -- cancelled: a countdown stopped in time
    cause               TEXT    NOT NULL,                                            -- what raised it, e.g. 'zone:<zone id>', 'trip:<trip id>:off_route', 'sos:<alert id>';
                                                                                     -- at most one pending/open/acknowledged alert per account and cause
    trip_id             TEXT,                                                        -- the opaque id of the trip it belongs to, NULL if none
    message             TEXT,                                                        -- text from the person or the rule that raised it
    lat                 DOUBLE PRECISION CHECK (lat BETWEEN -90 AND 90),             -- where the person was, if known
    lon                 DOUBLE PRECISION CHECK (lon BETWEEN -180 AND 180),           -- where the person was, if known
    accuracy_m          DOUBLE PRECISION CHECK (accuracy_m >= 0),                    -- accuracy of that position in metres, if known
    created_at_ms       BIGINT  NOT NULL,                                            -- when the alert was created (for a countdown: when it was asked for)
    fires_at_ms         BIGINT,                                                      -- a countdown: when it fires unless cancelled; NULL otherwise
    fired_at_ms         BIGINT,                                                      -- a countdown: when it actually fired; NULL until then
    fired_late          BIGINT  NOT NULL DEFAULT 0 CHECK (fired_late IN (0, 1)),     -- 1 when a countdown fired after a restart, later than fires_at_ms
    acknowledged_by_key BIGINT  REFERENCES accounts (key) ON DELETE SET NULL,        -- the guardian who acknowledged it, NULL if none yet
    acknowledged_at_ms  BIGINT,                                                      -- when it was acknowledged
    resolved_at_ms      BIGINT,                                                      -- when its cause ended (or it was cancelled)
    CHECK ((lat IS NULL) = (lon IS NULL))                                            -- a position is both coordinates or none
);

-- One active alert per cause: a person who stays out of a zone does not raise a new alert per sample.
CREATE UNIQUE INDEX alerts_active_by_cause ON alerts (account_key, cause)
    WHERE status IN ('pending', 'open', 'acknowledged');
-- Listing an account's alerts, newest first.
CREATE INDEX alerts_by_account ON alerts (account_key, created_at_ms);
-- Arming pending countdowns at start-up and firing them.
CREATE INDEX alerts_pending_by_fire_time ON alerts (fires_at_ms) WHERE status = 'pending';

-- Where a guardian wants alerts about the people they guard to be POSTed (their own notifier).
CREATE TABLE webhooks (
    account_key      BIGINT  NOT NULL PRIMARY KEY REFERENCES accounts (key) ON DELETE CASCADE, -- the guardian
    url              TEXT    NOT NULL CHECK (url LIKE 'http://%' OR url LIKE 'https://%'),     -- the receiver
    secret           TEXT    NOT NULL,                                                         -- HMAC-SHA256 key for X-Homeward-Signature (needed in clear to sign)
    created_at_ms    BIGINT  NOT NULL,                                                         -- when it was first set
    updated_at_ms    BIGINT  NOT NULL                                                          -- when it last changed
);

-- The outbox: one row per alert and receiving webhook, written with the alert, delivered until a 2xx.
CREATE TABLE webhook_deliveries (
    key              BIGINT  GENERATED ALWAYS AS IDENTITY PRIMARY KEY,                 -- delivery key
    alert_key        BIGINT  NOT NULL REFERENCES alerts (key) ON DELETE CASCADE,       -- the alert to deliver
    recipient_key    BIGINT  NOT NULL REFERENCES accounts (key) ON DELETE CASCADE,     -- the guardian whose webhook receives it
    event            TEXT    NOT NULL,                                                 -- what changed: 'raised', 'fired', 'acknowledged', 'resolved', 'cancelled'
    payload          TEXT    NOT NULL,                                                 -- the JSON body to POST, fixed when the row is written
    status           TEXT    NOT NULL DEFAULT 'pending'                                -- pending, delivered, or failed (given up after the configured time)
                     CHECK (status IN ('pending', 'delivered', 'failed')),
    attempts         BIGINT  NOT NULL DEFAULT 0,                                       -- delivery attempts so far
    next_attempt_ms  BIGINT  NOT NULL,                                                 -- when to try next (exponential back-off with jitter)
    last_error       TEXT,                                                             -- what the last failed attempt saw (status or network error)
    created_at_ms    BIGINT  NOT NULL,                                                 -- when the row was written
    finished_at_ms   BIGINT                                                            -- when it was delivered or given up
);

-- The delivery worker's queue.
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_ms) WHERE status = 'pending';
