-- PostgreSQL dialect of schema/0008_keys_never_reused.sql. What differs, and why:
--   here keys are never given out twice without this migration: accounts.key, trips.key and
--   alerts.key (like every other internal key) are GENERATED ALWAYS AS IDENTITY since 0001, 0002
--   and 0005, and a sequence never hands out a value twice, even after a deletion or a rolled-back
--   insert; GENERATED ALWAYS refuses an explicit key, so no statement can pick a used one.
--   The retired_keys table and its triggers are still made, so both databases hold the same tables
--   and the same rows (a copy between them is checked by counts and checksums): the SQLite triggers
--   are PL/pgSQL trigger functions that record the same highest deleted key. SQLite's two-argument
--   max() is GREATEST. A copy from SQLite sets each sequence above both the largest key copied and
--   the table's highest_key here, so the SQLite rule carries over.

-- The highest key deleted from each aggregate's table.
CREATE TABLE retired_keys (
    aggregate   TEXT    NOT NULL PRIMARY KEY CHECK (aggregate IN ('accounts', 'trips', 'alerts')), -- the table
    highest_key BIGINT  NOT NULL                                                                   -- the largest key it ever deleted
);

-- Records the deleted row's key under the trigger's table name (TG_TABLE_NAME).
CREATE FUNCTION retire_key() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO retired_keys (aggregate, highest_key) VALUES (TG_TABLE_NAME, OLD.key)
    ON CONFLICT (aggregate) DO UPDATE SET highest_key = GREATEST(retired_keys.highest_key, excluded.highest_key);
    RETURN NULL;
END;
$$;

-- Deletions also fire for rows removed by ON DELETE CASCADE (an account's trips and alerts).
CREATE TRIGGER accounts_retire_key AFTER DELETE ON accounts FOR EACH ROW EXECUTE FUNCTION retire_key();
CREATE TRIGGER trips_retire_key AFTER DELETE ON trips FOR EACH ROW EXECUTE FUNCTION retire_key();
CREATE TRIGGER alerts_retire_key AFTER DELETE ON alerts FOR EACH ROW EXECUTE FUNCTION retire_key();
