-- PostgreSQL dialect of schema/0010_apps.sql: the same table, columns, checks and index.
-- What differs, and why:
--   types as in 0001 (BIGINT, DOUBLE PRECISION, BYTEA); client_reports.key is GENERATED ALWAYS AS
--   IDENTITY (never reused, see 0001); length() of the BLOBs picture and icon is octet_length();
--   no STRICT;
--   SQLite's json_valid(text) has no PostgreSQL 15 equivalent (IS JSON comes with 16), so this
--   migration defines json_valid(text): true when the text parses as JSON (the json type, which
--   checks RFC 8259 syntax and keeps the text as it is), false when it does not, NULL for NULL, as
--   SQLite's. The CHECKs of this and later migrations call it, so a bad body is a check violation
--   (SQLSTATE 23514) in both databases rather than a cast error.

-- Whether `document` is well-formed JSON text (SQLite's json_valid with one argument).
CREATE FUNCTION json_valid(document TEXT) RETURNS BOOLEAN LANGUAGE plpgsql IMMUTABLE STRICT AS $$
BEGIN
    PERFORM document::json;
    RETURN TRUE;
EXCEPTION WHEN invalid_text_representation THEN
    RETURN FALSE;
END;
$$;

-- One report of a tracking client that is not a fix.
CREATE TABLE client_reports (
    key              BIGINT  GENERATED ALWAYS AS IDENTITY PRIMARY KEY,               -- internal key, in arrival order
    account_key      BIGINT  NOT NULL REFERENCES accounts (key) ON DELETE CASCADE,  -- whose phone sent it
    client           TEXT    NOT NULL CHECK (client IN ('osmand', 'overland', 'owntracks')), -- which protocol it came in
    kind             TEXT    NOT NULL CHECK (kind IN ('alarm', 'action', 'visit', 'trip', 'card')), -- what it is
    name             TEXT,                                                          -- alarm: its name (e.g. 'fall'); action: the button; card: the name shown
    t_ms             BIGINT  NOT NULL,                                              -- when the phone says it happened
    lat              DOUBLE PRECISION CHECK (lat BETWEEN -90 AND 90),                        -- where, if the report says
    lon              DOUBLE PRECISION CHECK (lon BETWEEN -180 AND 180),                      -- where, if the report says
    body             TEXT    NOT NULL CHECK (json_valid(body)),                     -- the report as the client sent it (JSON), every field kept
    received_at_ms   BIGINT  NOT NULL,                                              -- when the server stored it
    CHECK ((lat IS NULL) = (lon IS NULL))                                           -- a position is both coordinates or none
);

-- An account's reports in time order; also how a resent report is recognised (same kind, time and body).
CREATE INDEX client_reports_by_account ON client_reports (account_key, kind, t_ms);

-- The push token Traccar Client 10 registers (`notificationToken`); NULL until it sends one.
ALTER TABLE devices ADD COLUMN notification_token TEXT CHECK (length(notification_token) BETWEEN 1 AND 4096);

-- When the position an alert carries was taken: a countdown's danger alert carries the person's last
-- fix when it fires, and whoever is told needs its age. NULL when the alert has no position or the
-- position came with the alert itself (an SOS sends where the person is).
ALTER TABLE alerts ADD COLUMN location_at_ms BIGINT;

-- How precise the position of a workflow event is: an action pressed offline is sent later with the
-- place it was pressed (PickMe); NULL when unknown.
ALTER TABLE trip_events ADD COLUMN accuracy_m DOUBLE PRECISION CHECK (accuracy_m >= 0);

-- The secret an OwnTracks app encrypts its payloads with (its "encryption key"), given when the device
-- key is issued; kept in clear because the server must open and seal the messages. NULL: no encryption.
ALTER TABLE devices ADD COLUMN payload_secret TEXT CHECK (length(payload_secret) BETWEEN 1 AND 255);

-- What FourLife keeps beside the journal's fields (every field the app keeps is kept).
ALTER TABLE journal_entries ADD COLUMN description TEXT CHECK (length(description) BETWEEN 1 AND 1000);  -- water, exercise: the person's words
ALTER TABLE journal_entries ADD COLUMN picture BYTEA CHECK (octet_length(picture) <= 262144);                    -- water, food: JPEG or PNG bytes
ALTER TABLE journal_entries ADD COLUMN icon BYTEA CHECK (octet_length(icon) <= 262144);                          -- exercise: JPEG or PNG bytes of its icon
ALTER TABLE journal_entries ADD COLUMN serving_size DOUBLE PRECISION CHECK (serving_size > 0 AND serving_size <= 10000); -- food: one serving's size, in the app's unit
