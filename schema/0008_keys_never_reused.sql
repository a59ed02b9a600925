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
