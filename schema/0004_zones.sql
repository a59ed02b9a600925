-- Safe zones: the places where a person is expected to be safe (home, school, a day centre).
-- The geo tracker of each person is rebuilt from these rows after a restart or a change; what it
-- concludes is kept in memory (the guardian views) and in alerts (left_zone, entered_zone,
-- expected_missed), so no tracker state needs to be stored.

-- A circle or a polygon around a place, with an optional weekly schedule and "there by" rule.
CREATE TABLE zones (
    key              INTEGER NOT NULL PRIMARY KEY,                                     -- internal key
    id               TEXT    NOT NULL UNIQUE,                                          -- opaque zone id, as the API shows it
    account_key      INTEGER NOT NULL REFERENCES accounts (key) ON DELETE CASCADE,     -- the person the zone belongs to
    name             TEXT    NOT NULL CHECK (length(name) BETWEEN 1 AND 100),          -- the name guardians see, e.g. "Home"
    center_lat       REAL    CHECK (center_lat BETWEEN -90 AND 90),                    -- circle: centre latitude in degrees; NULL for a polygon
    center_lon       REAL    CHECK (center_lon BETWEEN -180 AND 180),                  -- circle: centre longitude in degrees; NULL for a polygon
    radius_m         REAL    CHECK (radius_m > 0),                                     -- circle: radius in metres; NULL for a polygon
    polygon          TEXT,                                                             -- polygon: JSON [{"lat":..,"lon":..}, ...] (3 to 200 vertices); NULL for a circle
    is_home          INTEGER NOT NULL DEFAULT 0 CHECK (is_home IN (0, 1)),             -- 1 for the person's home (at most one per person)
    time_zone        TEXT    NOT NULL DEFAULT 'UTC',                                   -- IANA time zone the schedule and the "there by" rule are read in
    schedule         TEXT,                                                             -- JSON [{"days":["mon",..],"start":"08:00","end":"15:00"}]; NULL = always active
-- sqlite:
    arrive_by        TEXT    CHECK (arrive_by GLOB '[0-2][0-9]:[0-5][0-9]'),           -- local "HH:MM" by which the person should be inside; NULL = no rule
-- postgres:
    arrive_by        TEXT    CHECK (arrive_by ~ '^[0-2][0-9]:[0-5][0-9]$'),
-- end
    arrive_by_days   TEXT,                                                             -- JSON ["mon",..] on which arrive_by applies; NULL = every day
    notify_on_enter  INTEGER NOT NULL DEFAULT 0 CHECK (notify_on_enter IN (0, 1)),     -- 1 to raise entered_zone alerts as well
    created_by_key   INTEGER REFERENCES accounts (key) ON DELETE SET NULL,             -- who created it (the person or a guardian)
    created_at_ms    INTEGER NOT NULL,                                                 -- when it was created
    CHECK ((polygon IS NULL) = (center_lat IS NOT NULL)
           AND (center_lat IS NULL) = (center_lon IS NULL)
           AND (center_lat IS NULL) = (radius_m IS NULL))                              -- exactly one shape: a circle or a polygon
) STRICT;

-- A person's zones, oldest first (the tracker and GET /v1/accounts/{id}/zones).
CREATE INDEX zones_by_account ON zones (account_key, created_at_ms);
-- At most one home zone per person.
CREATE UNIQUE INDEX zones_one_home ON zones (account_key) WHERE is_home = 1;
