-- PostgreSQL dialect of schema/0019_open_channel_kinds.sql: the channel kind's closed list dropped
-- for the same open check (the server checks the name).
-- What differs, and why: PostgreSQL drops and adds a CHECK with ALTER TABLE (SQLite edits the
-- stored table text).

ALTER TABLE notification_channels DROP CONSTRAINT notification_channels_kind_check;
ALTER TABLE notification_channels ADD CONSTRAINT notification_channels_kind_check CHECK (kind <> '');
