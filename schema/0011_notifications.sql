-- Alerts that reach phones: the channels a guardian is told on besides the webhook (ntfy, Gotify,
-- Telegram, email, Web Push), which alert types each one carries, a guardian's quiet hours, and
-- escalation: an SOS, danger or left_zone alert that nobody acknowledges is sent again, then to the
-- next guardian in the person's order, with its timer kept here so that it survives a restart.
-- Conventions as in 0001_accounts.sql: account_key = accounts.key, times as INTEGER Unix
-- milliseconds in *_ms columns, STRICT tables, rows deleted with their account (ON DELETE CASCADE).

-- One way a guardian is told about alerts, other than the webhook.
CREATE TABLE notification_channels (
    key              INTEGER NOT NULL PRIMARY KEY,                                  -- internal key, for the delivery outbox
    id               TEXT    NOT NULL UNIQUE,                                       -- opaque channel id, as the API shows it
    account_key      INTEGER NOT NULL REFERENCES accounts (key) ON DELETE CASCADE,  -- the guardian it tells
    kind             TEXT    NOT NULL CHECK (kind IN ('ntfy', 'gotify', 'telegram', 'email', 'webpush')), -- the service
    label            TEXT    CHECK (length(label) <= 200),                          -- the guardian's name for it ("Anna's phone")
    settings         TEXT    NOT NULL CHECK (json_valid(settings)),                 -- where and how to send (URLs, tokens, chat id, address,
                                                                                    -- push subscription); tokens are kept in clear: they are needed to send
    alert_types      TEXT    CHECK (alert_types IS NULL OR json_valid(alert_types)), -- JSON array of the alert types it carries; NULL: every type
    created_at_ms    INTEGER NOT NULL,                                              -- when it was added
    updated_at_ms    INTEGER NOT NULL,                                              -- when it last changed
    removed_at_ms    INTEGER,                                                       -- when the guardian removed it (kept so past deliveries still name it)
    last_success_ms  INTEGER,                                                       -- when a delivery or a test last got through
    last_error       TEXT,                                                          -- what the last failed delivery or test saw
    last_error_ms    INTEGER                                                        -- when that was
) STRICT;

-- A guardian's channels.
CREATE INDEX notification_channels_by_account ON notification_channels (account_key) WHERE removed_at_ms IS NULL;

-- The webhook may carry only some alert types too (NULL: every type, as before).
ALTER TABLE webhooks ADD COLUMN alert_types TEXT CHECK (alert_types IS NULL OR json_valid(alert_types));

-- The outbox now holds every channel's deliveries: channel_key NULL is the recipient's webhook.
ALTER TABLE webhook_deliveries RENAME TO alert_deliveries;
ALTER TABLE alert_deliveries ADD COLUMN channel_key INTEGER REFERENCES notification_channels (key) ON DELETE CASCADE;
-- 'held': waiting for the end of the recipient's quiet hours (next_attempt_ms); delivered then.
ALTER TABLE alert_deliveries ADD COLUMN held INTEGER NOT NULL DEFAULT 0 CHECK (held IN (0, 1));
-- An alert's deliveries, for GET /v1/alerts/{id}/deliveries.
CREATE INDEX alert_deliveries_by_alert ON alert_deliveries (alert_key);

-- Per account: quiet hours (as a guardian) and escalation delays (as the person watched).
CREATE TABLE notification_settings (
    account_key        INTEGER NOT NULL PRIMARY KEY REFERENCES accounts (key) ON DELETE CASCADE, -- whose settings
-- sqlite:
    quiet_start        TEXT    CHECK (quiet_start GLOB '[0-2][0-9]:[0-5][0-9]'),   -- quiet hours start, local HH:MM; NULL: none
    quiet_end          TEXT    CHECK (quiet_end GLOB '[0-2][0-9]:[0-5][0-9]'),     -- quiet hours end, local HH:MM (before the start: past midnight)
-- postgres:
    quiet_start        TEXT    CHECK (quiet_start ~ '^[0-2][0-9]:[0-5][0-9]$'),
    quiet_end          TEXT    CHECK (quiet_end ~ '^[0-2][0-9]:[0-5][0-9]$'),
-- end
    quiet_time_zone    TEXT,                                                       -- IANA time zone of the quiet hours
    escalation_minutes TEXT    CHECK (escalation_minutes IS NULL OR json_valid(escalation_minutes)), -- {"sos": 3, ...}; NULL: the defaults
    CHECK ((quiet_start IS NULL) = (quiet_end IS NULL) AND (quiet_start IS NULL) = (quiet_time_zone IS NULL))
) STRICT;

-- The person's order of guardians for escalation: 1 is told first; NULL (not placed) is told at once.
ALTER TABLE links ADD COLUMN escalation_rank INTEGER CHECK (escalation_rank >= 1);

-- Escalation of an open alert: how many times it was escalated, when last, and when it is next due
-- (NULL: not escalating; cleared when it is acknowledged, resolved or cancelled).
ALTER TABLE alerts ADD COLUMN escalation_step INTEGER NOT NULL DEFAULT 0;
ALTER TABLE alerts ADD COLUMN escalated_at_ms INTEGER;
ALTER TABLE alerts ADD COLUMN escalates_at_ms INTEGER;
CREATE INDEX alerts_escalation_due ON alerts (escalates_at_ms) WHERE escalates_at_ms IS NOT NULL;
