-- PostgreSQL dialect of schema/0014_unaccompanied.sql: the same column and partial index.
-- What differs, and why: REAL is DOUBLE PRECISION (as in 0001).

-- Metres within which a guardian's fresh position counts as "with the person"; NULL: the rule is off.
ALTER TABLE zones ADD COLUMN unaccompanied_within_m DOUBLE PRECISION CHECK (unaccompanied_within_m > 0);

-- The periodic check that resolves an `unaccompanied` alert once a guardian is near reads only these.
CREATE INDEX alerts_unaccompanied_active ON alerts (account_key)
    WHERE type = 'unaccompanied' AND status IN ('open', 'acknowledged');
