-- Keys of accounts, trips and alerts are never given out twice.
-- SQLite gives a new row the largest key plus one, so deleting the newest account (or trip, or
-- alert) would hand its key to the next one, and whatever the server still remembered of the old
-- one by that key (a geo tracker, a countdown timer, a stream) could be inherited by a stranger.
-- Each deletion records the highest key ever retired here, and every insert takes a key above both
-- the table's largest and this one (the stores write `key` explicitly).

-- The highest key deleted from each aggregate's table.
CREATE TABLE retired_keys (
    aggregate   TEXT    NOT NULL PRIMARY KEY CHECK (aggregate IN ('accounts', 'trips', 'alerts')), -- the table
    highest_key INTEGER NOT NULL                                                                   -- the largest key it ever deleted
) STRICT;

-- Deletions also fire for rows removed by ON DELETE CASCADE (an account's trips and alerts).
-- sqlite:
CREATE TRIGGER accounts_retire_key AFTER DELETE ON accounts BEGIN
    INSERT INTO retired_keys (aggregate, highest_key) VALUES ('accounts', OLD.key)
    ON CONFLICT (aggregate) DO UPDATE SET highest_key = max(highest_key, excluded.highest_key);
END;

CREATE TRIGGER trips_retire_key AFTER DELETE ON trips BEGIN
    INSERT INTO retired_keys (aggregate, highest_key) VALUES ('trips', OLD.key)
    ON CONFLICT (aggregate) DO UPDATE SET highest_key = max(highest_key, excluded.highest_key);
END;

CREATE TRIGGER alerts_retire_key AFTER DELETE ON alerts BEGIN
    INSERT INTO retired_keys (aggregate, highest_key) VALUES ('alerts', OLD.key)
    ON CONFLICT (aggregate) DO UPDATE SET highest_key = max(highest_key, excluded.highest_key);
END;
-- postgres:
-- PostgreSQL gives out no key twice without this table (every internal key is an identity column,
-- whose sequence never goes back); it keeps the same rows as SQLite's, so a copy between the two
-- checks alike, and a copy from SQLite moves each sequence above the highest key retired here.
CREATE FUNCTION retire_key() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO retired_keys (aggregate, highest_key) VALUES (TG_TABLE_NAME, OLD.key)
    ON CONFLICT (aggregate) DO UPDATE SET highest_key = GREATEST(retired_keys.highest_key, excluded.highest_key);
    RETURN NULL;
END;
$$;

CREATE TRIGGER accounts_retire_key AFTER DELETE ON accounts FOR EACH ROW EXECUTE FUNCTION retire_key();
CREATE TRIGGER trips_retire_key AFTER DELETE ON trips FOR EACH ROW EXECUTE FUNCTION retire_key();
CREATE TRIGGER alerts_retire_key AFTER DELETE ON alerts FOR EACH ROW EXECUTE FUNCTION retire_key();
-- end
