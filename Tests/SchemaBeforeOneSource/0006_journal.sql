-- PostgreSQL dialect of schema/0006_journal.sql: the same tables, columns, keys, checks and indexes.
-- What differs, and why:
--   types as in 0001 (BIGINT, DOUBLE PRECISION, BYTEA); journal_entries.key and episodes.key are
--   GENERATED ALWAYS AS IDENTITY (never reused, see 0001; they still order rows that share a time,
--   as a sequence only grows); length() of the BLOB token_sha256 is octet_length(); no STRICT;
--   condition_readings is an ordinary table with the same primary key (no WITHOUT ROWID).

-- One journal entry: a glass of water, a meal, a workout or a night's sleep. Which columns are set
-- depends on the kind; the CHECKs below hold each kind to its own fields.
CREATE TABLE journal_entries (
    key              BIGINT  GENERATED ALWAYS AS IDENTITY PRIMARY KEY,               -- internal key, orders entries that share a time
    id               TEXT    NOT NULL UNIQUE,                                       -- opaque entry id, as the API shows it
    account_key      BIGINT  NOT NULL REFERENCES accounts (key) ON DELETE CASCADE,  -- whose journal it is
    kind             TEXT    NOT NULL CHECK (kind IN ('water', 'food', 'exercise', 'sleep')), -- what was logged
    t_ms             BIGINT  NOT NULL,                                              -- when it happened (for sleep: the end unless the phone gave another time)
    millilitres      BIGINT  CHECK (millilitres BETWEEN 1 AND 5000),                -- water: millilitres drunk
    name             TEXT    CHECK (length(name) BETWEEN 1 AND 200),                -- food: the dish; exercise: the activity
    servings         DOUBLE PRECISION CHECK (servings > 0 AND servings <= 100),              -- food: servings eaten
    calories         DOUBLE PRECISION CHECK (calories BETWEEN 0 AND 10000),                  -- food: kcal per serving; exercise: kcal burned; NULL if not given
    carbs_g          DOUBLE PRECISION CHECK (carbs_g BETWEEN 0 AND 1000),                    -- food: grams of carbohydrate per serving; NULL if not given
    protein_g        DOUBLE PRECISION CHECK (protein_g BETWEEN 0 AND 1000),                  -- food: grams of protein per serving; NULL if not given
    fat_g            DOUBLE PRECISION CHECK (fat_g BETWEEN 0 AND 1000),                      -- food: grams of fat per serving; NULL if not given
    minutes          BIGINT  CHECK (minutes BETWEEN 1 AND 1440),                    -- exercise: minutes of activity
    start_ms         BIGINT,                                                        -- sleep: when the person fell asleep
    end_ms           BIGINT,                                                        -- sleep: when they woke; the day it ends is the day it counts for
    created_at_ms    BIGINT  NOT NULL,                                              -- when the server stored the entry
    CHECK (kind <> 'water' OR (millilitres IS NOT NULL AND name IS NULL AND minutes IS NULL AND start_ms IS NULL)),
    CHECK (kind <> 'food' OR (name IS NOT NULL AND servings IS NOT NULL AND millilitres IS NULL AND minutes IS NULL AND start_ms IS NULL)),
    CHECK (kind <> 'exercise' OR (name IS NOT NULL AND minutes IS NOT NULL AND millilitres IS NULL AND servings IS NULL AND start_ms IS NULL)),
    CHECK (kind <> 'sleep' OR (start_ms IS NOT NULL AND end_ms > start_ms AND end_ms - start_ms <= 86400000
                               AND millilitres IS NULL AND name IS NULL AND minutes IS NULL)),
    CHECK ((start_ms IS NULL) = (end_ms IS NULL))                                   -- a sleep has both ends
);

-- An account's journal in time order: listing and day totals.
CREATE INDEX journal_entries_by_account_time ON journal_entries (account_key, t_ms);
-- Day totals attribute sleep to the day it ends.
CREATE INDEX journal_sleep_by_account_end ON journal_entries (account_key, end_ms) WHERE kind = 'sleep';

-- A symptom episode (a headache, a migraine, ...): open until it has an end.
CREATE TABLE episodes (
    key              BIGINT  GENERATED ALWAYS AS IDENTITY PRIMARY KEY,               -- internal key, orders episodes that start together
    id               TEXT    NOT NULL UNIQUE,                                       -- opaque episode id, as the API shows it
    account_key      BIGINT  NOT NULL REFERENCES accounts (key) ON DELETE CASCADE,  -- whose episode it is
    kind             TEXT    NOT NULL CHECK (length(kind) BETWEEN 1 AND 64),        -- free text, trimmed and lower-cased, e.g. 'headache', 'migraine'
    start_ms         BIGINT  NOT NULL,                                              -- when it began
    end_ms           BIGINT  CHECK (end_ms >= start_ms),                            -- when it ended; NULL while it is still going on
    lat              DOUBLE PRECISION CHECK (lat BETWEEN -90 AND 90),                        -- where the person was when it began, if given
    lon              DOUBLE PRECISION CHECK (lon BETWEEN -180 AND 180),                      -- where the person was when it began, if given
    temperature_c    DOUBLE PRECISION CHECK (temperature_c BETWEEN -90 AND 60),              -- air temperature in degrees Celsius, as the phone reported; NULL if unknown
    uv_index         DOUBLE PRECISION CHECK (uv_index BETWEEN 0 AND 20),                     -- UV index; NULL if unknown
    humidity_pct     DOUBLE PRECISION CHECK (humidity_pct BETWEEN 0 AND 100),                -- relative humidity in percent; NULL if unknown
    wind_speed_mps   DOUBLE PRECISION CHECK (wind_speed_mps BETWEEN 0 AND 120),              -- wind speed in metres per second; NULL if unknown
    note             TEXT    CHECK (length(note) <= 2000),                          -- the person's own words; NULL if none
    created_at_ms    BIGINT  NOT NULL,                                              -- when the server stored the episode
    updated_at_ms    BIGINT  NOT NULL,                                              -- when end, note, location or conditions last changed
    CHECK ((lat IS NULL) = (lon IS NULL))                                           -- a position is both coordinates or none
);

-- An account's episodes in time order: listing, statistics, exports.
CREATE INDEX episodes_by_account_start ON episodes (account_key, start_ms);

-- Environmental conditions the phone recorded outside episodes (say hourly), so that statistics can
-- compare the conditions during episodes with the person's usual conditions.
CREATE TABLE condition_readings (
    account_key      BIGINT  NOT NULL REFERENCES accounts (key) ON DELETE CASCADE,  -- whose phone recorded it
    t_ms             BIGINT  NOT NULL,                                              -- when the conditions held
    temperature_c    DOUBLE PRECISION CHECK (temperature_c BETWEEN -90 AND 60),              -- degrees Celsius; NULL if unknown
    uv_index         DOUBLE PRECISION CHECK (uv_index BETWEEN 0 AND 20),                     -- UV index; NULL if unknown
    humidity_pct     DOUBLE PRECISION CHECK (humidity_pct BETWEEN 0 AND 100),                -- relative humidity in percent; NULL if unknown
    wind_speed_mps   DOUBLE PRECISION CHECK (wind_speed_mps BETWEEN 0 AND 120),              -- metres per second; NULL if unknown
    PRIMARY KEY (account_key, t_ms)                                                 -- one reading per moment: a resent reading replaces nothing and is not counted twice
);

-- A read-only link to one scope of a person's data, for a doctor or a relative.
CREATE TABLE shares (
    id               TEXT    NOT NULL PRIMARY KEY,                                  -- opaque share id (the token is the secret; this is not)
    account_key      BIGINT  NOT NULL REFERENCES accounts (key) ON DELETE CASCADE,  -- whose data the link shows
    scope            TEXT    NOT NULL CHECK (scope IN ('episodes', 'locations')),   -- the one kind of data the link reads
    token_sha256     BYTEA   NOT NULL UNIQUE CHECK (octet_length(token_sha256) = 32),     -- SHA-256 of the share token; the token is shown once and never stored
    created_at_ms    BIGINT  NOT NULL,                                              -- when the link was made
    expires_at_ms    BIGINT  NOT NULL CHECK (expires_at_ms > created_at_ms)         -- after this the link answers 404; revoking deletes the row
);

-- An account's shares, for listing them.
CREATE INDEX shares_by_account ON shares (account_key);
-- Pruning expired shares.
CREATE INDEX shares_by_expiry ON shares (expires_at_ms);
