-- PostgreSQL dialect of schema/0005_trips.sql: the same tables, columns, keys, checks and indexes.
-- What differs, and why:
--   types as in 0001; trips.key and trip_events.key are GENERATED ALWAYS AS IDENTITY (never
--   reused, see 0001; trip_events.key still orders a trip's events, as a sequence only grows);
--   length() of the BLOB access_code_sha256 is octet_length(); no STRICT; trip_companions is
--   an ordinary table with the same primary key (WITHOUT ROWID has no equivalent).

-- One journey of one person, from its start until it arrives or is deleted.
CREATE TABLE trips (
    key                     BIGINT  GENERATED ALWAYS AS IDENTITY PRIMARY KEY,             -- internal key, for references from other tables
    id                      TEXT    NOT NULL UNIQUE,                                      -- opaque trip id, as the API shows it
    account_key             BIGINT  NOT NULL REFERENCES accounts (key) ON DELETE CASCADE, -- the traveller
    status                  TEXT    NOT NULL CHECK (status IN ('active', 'arrived')),     -- active until the traveller arrives
    phase                   TEXT    NOT NULL DEFAULT 'moving'
                            CHECK (phase IN ('moving', 'stopped')),                       -- workflow state: moving, or stopped at a stopover
    mode                    TEXT    NOT NULL
                            CHECK (mode IN ('walking', 'cycling', 'driving', 'transit')), -- how the traveller goes
    origin_lat              DOUBLE PRECISION CHECK (origin_lat BETWEEN -90 AND 90),       -- where the trip starts, if given
    origin_lon              DOUBLE PRECISION CHECK (origin_lon BETWEEN -180 AND 180),     -- where the trip starts, if given
    origin_name             TEXT,                                                         -- a name for the origin, if given
    destination_lat         DOUBLE PRECISION NOT NULL CHECK (destination_lat BETWEEN -90 AND 90),  -- where the trip ends
    destination_lon         DOUBLE PRECISION NOT NULL CHECK (destination_lon BETWEEN -180 AND 180), -- where the trip ends
    destination_name        TEXT,                                                         -- a name for the destination, if given
    route_points            TEXT,                                                         -- the planned route as a JSON array of [lat, lon] pairs; NULL if none
    expected_arrival_ms     BIGINT,                                                       -- when the traveller expects to arrive, if given
    passengers              BIGINT  CHECK (passengers >= 0),                              -- passengers the trip is for (a driver's ride), if given
    passengers_aboard       BIGINT  NOT NULL DEFAULT 0 CHECK (passengers_aboard >= 0),    -- passengers picked up and not yet dropped off
    access_code_sha256      BYTEA   NOT NULL CHECK (octet_length(access_code_sha256) = 32), -- SHA-256 of the access code companions join with
    started_at_ms           BIGINT  NOT NULL,                                             -- when the trip was created
    updated_at_ms           BIGINT  NOT NULL,                                             -- when its state or progress last changed
    ended_at_ms             BIGINT,                                                       -- when it arrived; NULL while active
    due_at_ms               BIGINT,                                                       -- overdue after this: expected arrival (or start + ETA) plus the margin; NULL until known
    distance_remaining_m    DOUBLE PRECISION CHECK (distance_remaining_m >= 0),           -- progress: metres still to go; NULL before any position
    eta_seconds             DOUBLE PRECISION CHECK (eta_seconds >= 0),                    -- progress: estimated seconds to arrival; NULL before any position
    eta_at_ms               BIGINT,                                                       -- progress: the estimated arrival time
    off_route               BIGINT  NOT NULL DEFAULT 0 CHECK (off_route IN (0, 1)),       -- progress: 1 while confirmed off the route
    last_lat                DOUBLE PRECISION CHECK (last_lat BETWEEN -90 AND 90),         -- progress: the last position used
    last_lon                DOUBLE PRECISION CHECK (last_lon BETWEEN -180 AND 180),       -- progress: the last position used
    last_accuracy_m         DOUBLE PRECISION CHECK (last_accuracy_m >= 0),                -- progress: accuracy of that position in metres
    last_fix_at_ms          BIGINT,                                                       -- progress: when that position was taken
    stall_reference_m       DOUBLE PRECISION,                                             -- stall rule: distance remaining when progress last advanced
    stall_reference_at_ms   BIGINT  NOT NULL,                                             -- stall rule: when progress last advanced (the start at first)
    tracker_state           TEXT,                                                         -- JSON of the route tracker while off route (it needs its
                                                                                          -- confirmation state across a restart); NULL otherwise
    CHECK ((origin_lat IS NULL) = (origin_lon IS NULL)),                                  -- an origin is both coordinates or none
    CHECK ((last_lat IS NULL) = (last_lon IS NULL))                                       -- a position is both coordinates or none
);

-- At most one active trip per traveller: companions join "that person's active trip".
CREATE UNIQUE INDEX trips_active_by_account ON trips (account_key) WHERE status = 'active';
-- Listing a traveller's trips, newest first.
CREATE INDEX trips_by_account ON trips (account_key, started_at_ms);
-- The trip timer's scan for overdue trips.
CREATE INDEX trips_active_by_due ON trips (due_at_ms) WHERE status = 'active';

-- Someone who joined a trip with the traveller's phone and the access code.
CREATE TABLE trip_companions (
    trip_key        BIGINT NOT NULL REFERENCES trips (key) ON DELETE CASCADE,    -- the trip
    companion_key   BIGINT NOT NULL REFERENCES accounts (key) ON DELETE CASCADE, -- the companion
    joined_at_ms    BIGINT NOT NULL,                                             -- when they joined
    PRIMARY KEY (trip_key, companion_key)
);

-- The access policy's question "which active trips does this caller accompany?".
CREATE INDEX trip_companions_by_companion ON trip_companions (companion_key);

-- A workflow event of a trip (a driver's ride): where and when it happened.
CREATE TABLE trip_events (
    key             BIGINT  GENERATED ALWAYS AS IDENTITY PRIMARY KEY,              -- event key, in the order events happened
    trip_key        BIGINT  NOT NULL REFERENCES trips (key) ON DELETE CASCADE,     -- the trip
    type            TEXT    NOT NULL CHECK (type IN ('pickup', 'dropoff', 'stopover', 'resume')), -- what happened
    at_ms           BIGINT  NOT NULL,                                              -- when the traveller reported it
    lat             DOUBLE PRECISION CHECK (lat BETWEEN -90 AND 90),               -- the traveller's last known position then, if any
    lon             DOUBLE PRECISION CHECK (lon BETWEEN -180 AND 180),             -- the traveller's last known position then, if any
    phase           TEXT    NOT NULL CHECK (phase IN ('moving', 'stopped')),       -- the trip's phase after the event
    passengers_aboard BIGINT NOT NULL CHECK (passengers_aboard >= 0),              -- passengers aboard after the event
    CHECK ((lat IS NULL) = (lon IS NULL))                                          -- a position is both coordinates or none
);

-- A trip's events in order.
CREATE INDEX trip_events_by_trip ON trip_events (trip_key, key);
