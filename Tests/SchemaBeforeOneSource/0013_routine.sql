-- PostgreSQL dialect of schema/0013_routine.sql: the same tables, columns, keys and checks.
-- What differs, and why: INTEGER is BIGINT (as in 0001); no STRICT; learned_places is an ordinary
-- table with the same primary key (no WITHOUT ROWID); json_valid() is the function 0010 defines.

-- Per person: learning on or off, and how many of their alerts guardians marked as false alarms.
CREATE TABLE routine_settings (
    account_key           BIGINT  NOT NULL PRIMARY KEY REFERENCES accounts (key) ON DELETE CASCADE, -- the person
    learning              BIGINT  NOT NULL DEFAULT 1 CHECK (learning IN (0, 1)),  -- 0: the routine is not learned (far from home stays conservative)
    false_zone_exits      BIGINT  NOT NULL DEFAULT 0 CHECK (false_zone_exits >= 0),    -- left_zone alerts marked false alarms
    false_wandering       BIGINT  NOT NULL DEFAULT 0 CHECK (false_wandering >= 0),     -- shape wandering alerts marked false alarms
    false_far_from_home   BIGINT  NOT NULL DEFAULT 0 CHECK (false_far_from_home >= 0), -- far-from-home alerts marked false alarms
    updated_at_ms         BIGINT  NOT NULL                                         -- when it last changed
);

-- What guardians said about a learned place: its name, and whether being there is usual.
CREATE TABLE learned_places (
    account_key    BIGINT  NOT NULL REFERENCES accounts (key) ON DELETE CASCADE, -- the person
    place_id       TEXT    NOT NULL,                                            -- the place's id as the API shows it (its grid cell)
    name           TEXT    CHECK (length(name) BETWEEN 1 AND 100),              -- the name a guardian gave it; NULL if none
    usual          BIGINT  NOT NULL DEFAULT 1 CHECK (usual IN (0, 1)),          -- 0: being there is never on the routine
    updated_at_ms  BIGINT  NOT NULL,                                            -- when it last changed
    PRIMARY KEY (account_key, place_id)
);

-- What decided a zone or wandering alert (JSON, the API's AlertEvidence); NULL for other alerts.
ALTER TABLE alerts ADD COLUMN evidence TEXT CHECK (evidence IS NULL OR json_valid(evidence));
-- When a guardian marked the alert a false alarm, and who; NULL if nobody did.
ALTER TABLE alerts ADD COLUMN false_alarm_at_ms BIGINT;
ALTER TABLE alerts ADD COLUMN false_alarm_by_key BIGINT REFERENCES accounts (key) ON DELETE SET NULL;
