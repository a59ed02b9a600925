-- The set of notification channel kinds becomes open, as the alert types' did in 0015: the kind is
-- checked by the server (`ChannelKind`, one `NotificationChannel` per kind in Notify/Channels/), so a
-- new kind of channel needs no table rebuild. The closed list is dropped by the edit of the stored
-- table text that SQLite documents as safe (see 0015); the migrator bumps the schema version after
-- it so every connection reloads the definition.

-- sqlite:
PRAGMA writable_schema = ON;
UPDATE sqlite_schema
SET sql = replace(sql,
    'kind             TEXT    NOT NULL CHECK (kind IN (''ntfy'', ''gotify'', ''telegram'', ''email'', ''webpush'')), -- the service',
    'kind             TEXT    NOT NULL CHECK (kind <> ''''),                         -- the service (the server checks the name)')
WHERE type = 'table' AND name = 'notification_channels';
PRAGMA writable_schema = OFF;
-- postgres:
ALTER TABLE notification_channels DROP CONSTRAINT notification_channels_kind_check;
ALTER TABLE notification_channels ADD CONSTRAINT notification_channels_kind_check CHECK (kind <> '');
-- end
