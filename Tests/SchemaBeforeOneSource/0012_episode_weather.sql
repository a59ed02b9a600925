-- PostgreSQL dialect of schema/0012_episode_weather.sql: the same columns, data change and index.
-- What differs, and why: INTEGER is BIGINT (as in 0001); the UPDATE marking the conditions of
-- earlier episodes as the phone's, and the partial index, are the same.

-- Who gave an episode's conditions: 'client' (the phone or the person sent them) or 'server' (the
-- weather provider's values at the episode's place and hour); NULL while it has none.
ALTER TABLE episodes ADD COLUMN conditions_source TEXT CHECK (conditions_source IN ('client', 'server'));

-- Failed attempts to fetch the weather of an episode without conditions; after
-- `--weather-max-attempts` the server stops trying.
ALTER TABLE episodes ADD COLUMN weather_attempts BIGINT NOT NULL DEFAULT 0 CHECK (weather_attempts >= 0);

-- When the server may try to fetch the weather of an episode without conditions again (0: at once).
ALTER TABLE episodes ADD COLUMN weather_next_attempt_ms BIGINT NOT NULL DEFAULT 0;

-- Episodes stored before this migration with any condition had them from the phone.
UPDATE episodes SET conditions_source = 'client'
WHERE temperature_c IS NOT NULL OR uv_index IS NOT NULL OR humidity_pct IS NOT NULL OR wind_speed_mps IS NOT NULL;

-- The weather pass: episodes still without conditions, by when they may be tried next.
CREATE INDEX episodes_missing_weather ON episodes (weather_next_attempt_ms, start_ms) WHERE conditions_source IS NULL;
