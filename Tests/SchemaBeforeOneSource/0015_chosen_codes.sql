-- PostgreSQL dialect of schema/0015_chosen_codes.sql: the same two columns, and the alert type's
-- closed list dropped for the same open check (the server checks the name).
-- What differs, and why: PostgreSQL drops and adds a CHECK with ALTER TABLE (SQLite edits the
-- stored table text).

-- 1 when the person chose the code (usable by several guardians until changed, removed or expired,
-- at most --max-links-per-code links); 0 when the server drew it (spent by the first link).
ALTER TABLE verification_codes ADD COLUMN chosen BIGINT NOT NULL DEFAULT 0 CHECK (chosen IN (0, 1));
-- How many links this code has made so far.
ALTER TABLE verification_codes ADD COLUMN links_made BIGINT NOT NULL DEFAULT 0 CHECK (links_made >= 0);

ALTER TABLE alerts DROP CONSTRAINT alerts_type_check;
ALTER TABLE alerts ADD CONSTRAINT alerts_type_check CHECK (type <> '');
