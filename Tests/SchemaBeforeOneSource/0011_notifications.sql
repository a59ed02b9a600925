-- PostgreSQL dialect of schema/0011_notifications.sql: the same tables, columns, checks, indexes and
-- renames. What differs, and why:
--   types as in 0001 (BIGINT, TEXT); notification_channels.key is GENERATED ALWAYS AS IDENTITY
--   (never reused, see 0001); json_valid() is the function 0010 defines; the quiet hours' GLOB
--   patterns are anchored regular expressions; no STRICT.
--   The outbox is renamed as in SQLite (ALTER TABLE ... RENAME TO keeps its rows, keys and
--   foreign keys). As in SQLite, its index keeps its name (webhook_deliveries_due), and so do the
--   names PostgreSQL gave its primary key, constraints and key sequence; nothing refers to them.

-- One way a guardian is told about alerts, other than the webhook.
CREATE TABLE notification_channels (
    key              BIGINT  GENERATED ALWAYS AS IDENTITY PRIMARY KEY,               -- internal key, for the delivery outbox
    id               TEXT    NOT NULL UNIQUE,                                       -- opaque channel id, as the API shows it
    account_key      BIGINT  NOT NULL REFERENCES accounts (key) ON DELETE CASCADE,  -- the guardian it tells
    kind             TEXT    NOT NULL CHECK (kind IN ('ntfy', 'gotify', 'telegram', 'email', 'webpush')), -- the service
    label            TEXT    CHECK (length(label) <= 200),                          -- the guardian's name for it ("Anna's phone")
    settings         TEXT    NOT NULL CHECK (json_valid(settings)),                 -- where and how to send (URLs, tokens, chat id, address,
                                                                                    -- push subscription); tokens are kept in clear: they are needed to send
    alert_types      TEXT    CHECK (alert_types IS NULL OR json_valid(alert_types)), -- JSON array of the alert types it carries; NULL: every type
    created_at_ms    BIGINT  NOT NULL,                                              -- when it was added
    updated_at_ms    BIGINT  NOT NULL,                                              -- when it last changed
    removed_at_ms    BIGINT,                                                        -- when the guardian removed it (kept so past deliveries still name it)
    last_success_ms  BIGINT,                                                        -- when a delivery or a test last got through
    last_error       TEXT,                                                          -- what the last failed delivery or test saw
    last_error_ms    BIGINT                                                         -- when that was
);

-- A guardian's channels.
CREATE INDEX notification_channels_by_account ON notification_channels (account_key) WHERE removed_at_ms IS NULL;

-- The webhook may carry only some alert types too (NULL: every type, as before).
ALTER TABLE webhooks ADD COLUMN alert_types TEXT CHECK (alert_types IS NULL OR json_valid(alert_types));

-- The outbox now holds every channel's deliveries: channel_key NULL is the recipient's webhook.
ALTER TABLE webhook_deliveries RENAME TO alert_deliveries;
ALTER TABLE alert_deliveries ADD COLUMN channel_key BIGINT REFERENCES notification_channels (key) ON DELETE CASCADE;
-- 'held': waiting for the end of the recipient's quiet hours (next_attempt_ms); delivered then.
ALTER TABLE alert_deliveries ADD COLUMN held BIGINT NOT NULL DEFAULT 0 CHECK (held IN (0, 1));
-- An alert's deliveries, for GET /v1/alerts/{id}/deliveries.
CREATE INDEX alert_deliveries_by_alert ON alert_deliveries (alert_key);

-- Per account: quiet hours (as a guardian) and escalation delays (as the person watched).
CREATE TABLE notification_settings (
    account_key        BIGINT  NOT NULL PRIMARY KEY REFERENCES accounts (key) ON DELETE CASCADE, -- whose settings
    quiet_start        TEXT    CHECK (quiet_start ~ '^[0-2][0-9]:[0-5][0-9]$'),   -- quiet hours start, local HH:MM; NULL: none
    quiet_end          TEXT    CHECK (quiet_end ~ '^[0-2][0-9]:[0-5][0-9]$'),     -- quiet hours end, local HH:MM (before the start: past midnight)
    quiet_time_zone    TEXT,                                                       -- IANA time zone of the quiet hours
    escalation_minutes TEXT    CHECK (escalation_minutes IS NULL OR json_valid(escalation_minutes)), -- {"sos": 3, ...}; NULL: the defaults
    CHECK ((quiet_start IS NULL) = (quiet_end IS NULL) AND (quiet_start IS NULL) = (quiet_time_zone IS NULL))
);

-- The person's order of guardians for escalation: 1 is told first; NULL (not placed) is told at once.
ALTER TABLE links ADD COLUMN escalation_rank BIGINT CHECK (escalation_rank >= 1);

-- Escalation of an open alert: how many times it was escalated, when last, and when it is next due
-- (NULL: not escalating; cleared when it is acknowledged, resolved or cancelled).
ALTER TABLE alerts ADD COLUMN escalation_step BIGINT NOT NULL DEFAULT 0;
ALTER TABLE alerts ADD COLUMN escalated_at_ms BIGINT;
ALTER TABLE alerts ADD COLUMN escalates_at_ms BIGINT;
CREATE INDEX alerts_escalation_due ON alerts (escalates_at_ms) WHERE escalates_at_ms IS NOT NULL;
