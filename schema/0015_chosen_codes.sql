-- A verification code the person chose (Life_Tracker's "set my code") links several guardians, each
-- shown to the person at once as a `new_guardian` alert; a code the server drew links one.
-- The set of alert types becomes open: the type is checked by the server (AlertType), so a new kind
-- of alert needs no table rebuild. SQLite cannot drop a CHECK with ALTER TABLE; removing one is the
-- edit of the stored table text that SQLite documents as safe ("Making Other Kinds Of Table Schema
-- Changes", the writable_schema procedure: it changes nothing on disk but the definition). The
-- migrator bumps the schema version after it so every connection reloads the definition.

-- 1 when the person chose the code (usable by several guardians until changed, removed or expired,
-- at most --max-links-per-code links); 0 when the server drew it (spent by the first link).
ALTER TABLE verification_codes ADD COLUMN chosen INTEGER NOT NULL DEFAULT 0 CHECK (chosen IN (0, 1));
-- How many links this code has made so far.
ALTER TABLE verification_codes ADD COLUMN links_made INTEGER NOT NULL DEFAULT 0 CHECK (links_made >= 0);

-- sqlite:
PRAGMA writable_schema = ON;
UPDATE sqlite_schema
SET sql = replace(sql,
    'type                TEXT    NOT NULL CHECK (type IN (                           -- what happened (API.md "Types")
                            ''sos'', ''danger'', ''arrived'', ''left_zone'', ''entered_zone'', ''wandering'',
                            ''off_route'', ''overdue'', ''stalled'', ''silent'', ''low_battery'',
                            ''unaccompanied'', ''expected_missed'')),',
    'type                TEXT    NOT NULL CHECK (type <> ''''),                      -- what happened (API.md "Types"; the server checks the name)')
WHERE type = 'table' AND name = 'alerts';
PRAGMA writable_schema = OFF;
-- postgres:
ALTER TABLE alerts DROP CONSTRAINT alerts_type_check;
ALTER TABLE alerts ADD CONSTRAINT alerts_type_check CHECK (type <> '');
-- end
