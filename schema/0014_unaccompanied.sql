-- The `unaccompanied` rule of a zone: leaving it with none of the person's guardians' phones within
-- a set distance raises an `unaccompanied` alert (once per exit). Off unless a guardian sets it.

-- Metres within which a guardian's fresh position counts as "with the person"; NULL: the rule is off.
ALTER TABLE zones ADD COLUMN unaccompanied_within_m REAL CHECK (unaccompanied_within_m > 0);

-- The periodic check that resolves an `unaccompanied` alert once a guardian is near reads only these.
CREATE INDEX alerts_unaccompanied_active ON alerts (account_key)
    WHERE type = 'unaccompanied' AND status IN ('open', 'acknowledged');
