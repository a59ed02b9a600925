-- Wellbeing journal (water, food, exercise, sleep), symptom episodes with the environmental
-- conditions the phone recorded, background condition readings, and read-only share links.
-- Conventions as in 0001_accounts.sql: opaque TEXT ids, account_key = accounts.key, times as
-- INTEGER Unix milliseconds in *_ms columns, secrets stored only as SHA-256 digests, STRICT tables.
-- Deleting an account deletes all of its rows here (ON DELETE CASCADE).

-- One journal entry: a glass of water, a meal, a workout or a night's sleep. Which columns are set
-- depends on the kind; the CHECKs below hold each kind to its own fields.
CREATE TABLE journal_entries (
    key              INTEGER NOT NULL PRIMARY KEY,                                  -- internal key, orders entries that share a time
    id               TEXT    NOT NULL UNIQUE,                                       -- opaque entry id, as the API shows it
    account_key      INTEGER NOT NULL REFERENCES accounts (key) ON DELETE CASCADE,  -- whose journal it is
    kind             TEXT    NOT NULL CHECK (kind IN ('water', 'food', 'exercise', 'sleep')), -- what was logged
    t_ms             INTEGER NOT NULL,                                              -- when it happened (for sleep: the end unless the phone gave another time)
    millilitres      INTEGER CHECK (millilitres BETWEEN 1 AND 5000),                -- water: millilitres drunk
    name             TEXT    CHECK (length(name) BETWEEN 1 AND 200),                -- food: the dish; exercise: the activity
    servings         REAL    CHECK (servings > 0 AND servings <= 100),              -- food: servings eaten
    calories         REAL    CHECK (calories BETWEEN 0 AND 10000),                  -- food: kcal per serving; exercise: kcal burned; NULL if not given
    carbs_g          REAL    CHECK (carbs_g BETWEEN 0 AND 1000),                    -- food: grams of carbohydrate per serving; NULL if not given
    protein_g        REAL    CHECK (protein_g BETWEEN 0 AND 1000),                  -- food: grams of protein per serving; NULL if not given
    fat_g            REAL    CHECK (fat_g BETWEEN 0 AND 1000),                      -- food: grams of fat per serving; NULL if not given
    minutes          INTEGER CHECK (minutes BETWEEN 1 AND 1440),                    -- exercise: minutes of activity
    start_ms         INTEGER,                                                       -- sleep: when the person fell asleep
    end_ms           INTEGER,                                                       -- sleep: when they woke; the day it ends is the day it counts for
    created_at_ms    INTEGER NOT NULL,                                              -- when the server stored the entry
    CHECK (kind <> 'water' OR (millilitres IS NOT NULL AND name IS NULL AND minutes IS NULL AND start_ms IS NULL)),
    CHECK (kind <> 'food' OR (name IS NOT NULL AND servings IS NOT NULL AND millilitres IS NULL AND minutes IS NULL AND start_ms IS NULL)),
    CHECK (kind <> 'exercise' OR (name IS NOT NULL AND minutes IS NOT NULL AND millilitres IS NULL AND servings IS NULL AND start_ms IS NULL)),
    CHECK (kind <> 'sleep' OR (start_ms IS NOT NULL AND end_ms > start_ms AND end_ms - start_ms <= 86400000
                               AND millilitres IS NULL AND name IS NULL AND minutes IS NULL)),
    CHECK ((start_ms IS NULL) = (end_ms IS NULL))                                   -- a sleep has both ends
) STRICT;

-- An account's journal in time order: listing and day totals.
CREATE INDEX journal_entries_by_account_time ON journal_entries (account_key, t_ms);
-- Day totals attribute sleep to the day it ends.
CREATE INDEX journal_sleep_by_account_end ON journal_entries (account_key, end_ms) WHERE kind = 'sleep';

-- A symptom episode (a headache, a migraine, ...): open until it has an end.
CREATE TABLE episodes (
    key              INTEGER NOT NULL PRIMARY KEY,                                  -- internal key, orders episodes that start together
    id               TEXT    NOT NULL UNIQUE,                                       -- opaque episode id, as the API shows it
    account_key      INTEGER NOT NULL REFERENCES accounts (key) ON DELETE CASCADE,  -- whose episode it is
    kind             TEXT    NOT NULL CHECK (length(kind) BETWEEN 1 AND 64),        -- free text, trimmed and lower-cased, e.g. 'headache', 'migraine'
    start_ms         INTEGER NOT NULL,                                              -- when it began
    end_ms           INTEGER CHECK (end_ms >= start_ms),                            -- when it ended; NULL while it is still going on
    lat              REAL    CHECK (lat BETWEEN -90 AND 90),                        -- where the person was when it began, if given
    lon              REAL    CHECK (lon BETWEEN -180 AND 180),                      -- where the person was when it began, if given
    temperature_c    REAL    CHECK (temperature_c BETWEEN -90 AND 60),              -- air temperature in degrees Celsius, as the phone reported; NULL if unknown
    uv_index         REAL    CHECK (uv_index BETWEEN 0 AND 20),                     -- UV index; NULL if unknown
    humidity_pct     REAL    CHECK (humidity_pct BETWEEN 0 AND 100),                -- relative humidity in percent; NULL if unknown
    wind_speed_mps   REAL    CHECK (wind_speed_mps BETWEEN 0 AND 120),              -- wind speed in metres per second; NULL if unknown
    note             TEXT    CHECK (length(note) <= 2000),                          -- the person's own words; NULL if none
    created_at_ms    INTEGER NOT NULL,                                              -- when the server stored the episode
    updated_at_ms    INTEGER NOT NULL,                                              -- when end, note, location or conditions last changed
    CHECK ((lat IS NULL) = (lon IS NULL))                                           -- a position is both coordinates or none
) STRICT;

-- An account's episodes in time order: listing, statistics, exports.
CREATE INDEX episodes_by_account_start ON episodes (account_key, start_ms);

-- Environmental conditions the phone recorded outside episodes (say hourly), so that statistics can
-- compare the conditions during episodes with the person's usual conditions.
CREATE TABLE condition_readings (
    account_key      INTEGER NOT NULL REFERENCES accounts (key) ON DELETE CASCADE,  -- whose phone recorded it
    t_ms             INTEGER NOT NULL,                                              -- when the conditions held
    temperature_c    REAL    CHECK (temperature_c BETWEEN -90 AND 60),              -- degrees Celsius; NULL if unknown
    uv_index         REAL    CHECK (uv_index BETWEEN 0 AND 20),                     -- UV index; NULL if unknown
    humidity_pct     REAL    CHECK (humidity_pct BETWEEN 0 AND 100),                -- relative humidity in percent; NULL if unknown
    wind_speed_mps   REAL    CHECK (wind_speed_mps BETWEEN 0 AND 120),              -- metres per second; NULL if unknown
    PRIMARY KEY (account_key, t_ms)                                                 -- one reading per moment: a resent reading replaces nothing and is not counted twice
) STRICT, WITHOUT ROWID;

-- A read-only link to one scope of a person's data, for a doctor or a relative.
CREATE TABLE shares (
    id               TEXT    NOT NULL PRIMARY KEY,                                  -- opaque share id (the token is the secret; this is not)
    account_key      INTEGER NOT NULL REFERENCES accounts (key) ON DELETE CASCADE,  -- whose data the link shows
    scope            TEXT    NOT NULL CHECK (scope IN ('episodes', 'locations')),   -- the one kind of data the link reads
-- sqlite:
    token_sha256     BLOB    NOT NULL UNIQUE CHECK (length(token_sha256) = 32),     -- SHA-256 of the share token; the token is shown once and never stored
-- postgres:
    token_sha256     BYTEA   NOT NULL UNIQUE CHECK (octet_length(token_sha256) = 32),
-- end
    created_at_ms    INTEGER NOT NULL,                                              -- when the link was made
    expires_at_ms    INTEGER NOT NULL CHECK (expires_at_ms > created_at_ms)         -- after this the link answers 404; revoking deletes the row
) STRICT;

-- An account's shares, for listing them.
CREATE INDEX shares_by_account ON shares (account_key);
-- Pruning expired shares.
CREATE INDEX shares_by_expiry ON shares (expires_at_ms);
