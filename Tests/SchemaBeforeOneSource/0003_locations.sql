-- PostgreSQL dialect of schema/0003_locations.sql: the same tables, columns, keys and checks.
-- What differs, and why:
--   types as in 0001 (BIGINT, DOUBLE PRECISION); no STRICT;
--   WITHOUT ROWID has no equivalent: a PostgreSQL table is a heap beside its primary-key index,
--   so locations, motion and motion_quarter_hours are ordinary tables with the same composite
--   primary keys (which are still the identity rule of ingest: a resent sample is a duplicate).
--   The SQLite notes on compact storage (1- to 4-byte integers) do not carry over: every BIGINT
--   takes 8 bytes here; the scaled-integer columns are kept so both databases hold the same values.

-- One location fix a phone reported: where the person was at t_ms.
CREATE TABLE locations (
    account_key  BIGINT NOT NULL REFERENCES accounts (key) ON DELETE CASCADE, -- whose fix it is
    t_ms         BIGINT NOT NULL,                                  -- when the fix was taken (phone's clock)
    sample_hash  BIGINT NOT NULL,                                  -- 32-bit FNV-1a hash of the client's sample id; 0 when the client sent none
    lat_e7       BIGINT NOT NULL CHECK (lat_e7 BETWEEN -900000000 AND 900000000),    -- latitude in degrees × 10^7 (about 1 cm)
    lon_e7       BIGINT NOT NULL CHECK (lon_e7 BETWEEN -1800000000 AND 1800000000),  -- longitude in degrees × 10^7
    accuracy_dm  BIGINT CHECK (accuracy_dm >= 0),                  -- horizontal accuracy in decimetres; NULL if the phone did not say
    altitude_dm  BIGINT,                                           -- altitude above sea level in decimetres; NULL if unknown
    speed_cm_s   BIGINT CHECK (speed_cm_s >= 0),                   -- speed in centimetres per second; NULL if unknown
    heading_deg  BIGINT CHECK (heading_deg BETWEEN 0 AND 359),     -- direction of travel in whole degrees from north; NULL if unknown
    battery_pct  BIGINT CHECK (battery_pct BETWEEN 0 AND 100),     -- battery charge in percent; NULL if unknown
    flags        BIGINT NOT NULL DEFAULT 0,                        -- bit 1: accuracy worse than the configured bound; bit 2: implies an impossible speed (jump).
                                                                   -- Flagged fixes are stored but ignored by detectors and by the latest position (jumps)
    PRIMARY KEY (account_key, t_ms, sample_hash)
);

-- One motion report: what the phone's motion sensors counted in the interval that ended at t_ms.
CREATE TABLE motion (
    account_key  BIGINT NOT NULL REFERENCES accounts (key) ON DELETE CASCADE, -- whose report it is
    t_ms         BIGINT NOT NULL,                                  -- end of the interval the report covers
    sample_hash  BIGINT NOT NULL,                                  -- 32-bit FNV-1a hash of the client's sample id; 0 when the client sent none
    steps        BIGINT CHECK (steps >= 0),                        -- steps taken in the interval (an increment, not a running total); NULL if not counted
    distance_dm  BIGINT CHECK (distance_dm >= 0),                  -- distance covered in the interval in decimetres (an increment); NULL if not measured
    activity     BIGINT CHECK (activity BETWEEN 0 AND 5),          -- 0 unknown, 1 stationary, 2 walking, 3 running, 4 cycling, 5 automotive; NULL if not said
    PRIMARY KEY (account_key, t_ms, sample_hash)
);

-- Motion totals per account and quarter hour (UTC), kept by ingest so that today's totals and daily
-- totals in any time zone (every zone's offset is a whole number of quarter hours) never read history.
CREATE TABLE motion_quarter_hours (
    account_key     BIGINT NOT NULL REFERENCES accounts (key) ON DELETE CASCADE, -- whose totals they are
    start_ms        BIGINT NOT NULL CHECK (start_ms % 900000 = 0),    -- start of the quarter hour
    steps           BIGINT NOT NULL DEFAULT 0 CHECK (steps >= 0),     -- steps of the reports that ended in it
    distance_dm     BIGINT NOT NULL DEFAULT 0 CHECK (distance_dm >= 0), -- decimetres of the reports that ended in it
    active_minutes  BIGINT NOT NULL DEFAULT 0                         -- bit m (0 to 14) set when minute m held a report of walking, running,
                    CHECK (active_minutes BETWEEN 0 AND 32767),       -- cycling or with steps; active minutes are the bits set
    PRIMARY KEY (account_key, start_ms)
);

-- The position guardians see: one row per account, rewritten by ingest, so views never scan history.
CREATE TABLE latest_locations (
    account_key       BIGINT NOT NULL PRIMARY KEY REFERENCES accounts (key) ON DELETE CASCADE, -- whose position it is
    t_ms              BIGINT NOT NULL,                                -- when the shown fix was taken: the newest fix that is not a jump
    lat               DOUBLE PRECISION NOT NULL CHECK (lat BETWEEN -90 AND 90),   -- latitude in degrees
    lon               DOUBLE PRECISION NOT NULL CHECK (lon BETWEEN -180 AND 180), -- longitude in degrees
    accuracy_m        DOUBLE PRECISION CHECK (accuracy_m >= 0),       -- horizontal accuracy in metres; NULL if unknown
    altitude_m        DOUBLE PRECISION,                               -- altitude in metres; NULL if unknown
    speed_m_s         DOUBLE PRECISION CHECK (speed_m_s >= 0),        -- speed in metres per second; NULL if unknown
    heading_deg       DOUBLE PRECISION CHECK (heading_deg >= 0 AND heading_deg < 360), -- direction of travel in degrees; NULL if unknown
    battery_pct       DOUBLE PRECISION CHECK (battery_pct BETWEEN 0 AND 100), -- battery charge in percent; NULL if unknown
    flags             BIGINT NOT NULL DEFAULT 0,                      -- the shown fix's flags (1: poor accuracy)
    newest_fix_t_ms   BIGINT NOT NULL,                                -- time of the newest stored fix of any kind: later fixes reach the
                                                                      -- real-time reactions, earlier ones (late buffers) only history
    received_at_ms    BIGINT NOT NULL                                 -- when the server stored the shown fix
);
