-- Accounts, sessions, device keys, verification codes and guardian links.
-- Conventions for every table in this directory:
--   ids the API shows are TEXT: 32 lower-case hexadecimal characters (128 random bits), never reused;
--   rows refer to an account by its INTEGER key (accounts.key), which is stable and compact;
--   times are INTEGER Unix milliseconds (UTC), in columns whose names end in _ms;
--   secrets (tokens, keys, codes) are never stored, only their SHA-256 digest as a 32-byte BLOB;
--   tables are STRICT, so a value of the wrong type is refused, not converted.
-- Deleting an account deletes its sessions, devices, verification code and links (ON DELETE CASCADE;
-- the connection enables PRAGMA foreign_keys).

-- A person who can log in: a dependent, a guardian, or both.
CREATE TABLE accounts (
    key                  INTEGER NOT NULL PRIMARY KEY,          -- internal key that other tables refer to (never shown by the API)
    id                   TEXT    NOT NULL UNIQUE,               -- opaque account id, as the API shows it
    phone                TEXT    NOT NULL UNIQUE                -- E.164 phone number, the login name, e.g. +442079460958
-- sqlite:
                         CHECK (phone GLOB '+[1-9]*' AND phone NOT GLOB '+*[^0-9]*' AND length(phone) BETWEEN 9 AND 16),
-- postgres:
                         CHECK (phone ~ '^\+[1-9][0-9]*$' AND length(phone) BETWEEN 9 AND 16),
-- end
    name                 TEXT    NOT NULL,                      -- display name shown to guardians and companions
    password_hash        TEXT    NOT NULL                       -- argon2id PHC string ($argon2id$v=19$m=...,t=...,p=1$salt$hash)
-- sqlite:
                         CHECK (password_hash GLOB '$argon2id$*'),
-- postgres:
                         CHECK (password_hash LIKE '$argon2id$%'),
-- end
    birth_year           INTEGER,                               -- profile: year of birth, for responders; NULL if not given
    height_cm            INTEGER,                               -- profile: height in centimetres; NULL if not given
    weight_kg            REAL,                                  -- profile: weight in kilograms; NULL if not given
    vehicle_registration TEXT,                                  -- profile: licence plate of the car the person drives; NULL if none
    responder_note       TEXT,                                  -- profile: free text for emergency responders (conditions, medication)
    avatar               BLOB,                                  -- profile picture bytes (JPEG or PNG, at most 512 KiB); NULL if none
    avatar_type          TEXT                                   -- media type of avatar: image/jpeg or image/png
                         CHECK (avatar_type IN ('image/jpeg', 'image/png')),
    avatar_etag          TEXT,                                  -- ETag of avatar (a digest of its bytes), for conditional GETs
    created_at_ms        INTEGER NOT NULL,                      -- when the account was created
    updated_at_ms        INTEGER NOT NULL,                      -- when name, profile, avatar or password last changed
    last_seen_at_ms      INTEGER,                               -- heartbeat: the last authenticated request or sample; NULL if never
    CHECK ((avatar IS NULL) = (avatar_type IS NULL) AND (avatar IS NULL) = (avatar_etag IS NULL)) -- avatar columns set together
) STRICT;

-- Heartbeat scans find the accounts that have gone silent.
CREATE INDEX accounts_by_last_seen ON accounts (last_seen_at_ms);

-- A login on one device: a bearer token that authenticates API requests until it expires or is revoked.
CREATE TABLE sessions (
    id               TEXT    NOT NULL PRIMARY KEY,                                  -- opaque session id, shown in GET /v1/me/sessions
    account_key      INTEGER NOT NULL REFERENCES accounts (key) ON DELETE CASCADE,  -- the account logged in
-- sqlite:
    token_sha256     BLOB    NOT NULL UNIQUE CHECK (length(token_sha256) = 32),     -- SHA-256 of the bearer token; the token itself is never stored
-- postgres:
    token_sha256     BYTEA   NOT NULL UNIQUE CHECK (octet_length(token_sha256) = 32),
-- end
    device_name      TEXT,                                                          -- name the client gave at login, e.g. "Anna's iPhone"; NULL if none
    created_at_ms    INTEGER NOT NULL,                                              -- when the session was created (login)
    last_used_at_ms  INTEGER NOT NULL,                                              -- when the token last authenticated a request
    expires_at_ms    INTEGER NOT NULL CHECK (expires_at_ms > created_at_ms)         -- after this the token no longer works; pruned later
) STRICT;

-- An account's sessions: listing them, revoking all others on a password change.
CREATE INDEX sessions_by_account ON sessions (account_key);
-- Pruning expired sessions.
CREATE INDEX sessions_by_expiry ON sessions (expires_at_ms);

-- A key for a tracking client that cannot log in (OwnTracks, Overland, Traccar Client / OsmAnd).
CREATE TABLE devices (
    id               TEXT    NOT NULL PRIMARY KEY,                                  -- opaque device id
    account_key      INTEGER NOT NULL REFERENCES accounts (key) ON DELETE CASCADE,  -- the account whose samples the key posts
    name             TEXT    NOT NULL,                                              -- name the owner gave the device, e.g. "OwnTracks on tablet"
-- sqlite:
    key_sha256       BLOB    NOT NULL UNIQUE CHECK (length(key_sha256) = 32),       -- SHA-256 of the device key; the key itself is shown once and never stored
-- postgres:
    key_sha256       BYTEA   NOT NULL UNIQUE CHECK (octet_length(key_sha256) = 32),
-- end
    created_at_ms    INTEGER NOT NULL,                                              -- when the key was issued
    last_used_at_ms  INTEGER                                                        -- when the key last posted a sample; NULL if never
) STRICT;

-- An account's devices, for listing and revoking them.
CREATE INDEX devices_by_account ON devices (account_key);

-- The code a dependent sets so that others can link to them as guardians; one per account at a time.
CREATE TABLE verification_codes (
    account_key      INTEGER NOT NULL PRIMARY KEY REFERENCES accounts (key) ON DELETE CASCADE, -- the dependent who set the code
-- sqlite:
    code_sha256      BLOB    NOT NULL CHECK (length(code_sha256) = 32),                       -- SHA-256 of the code; guessing is held back by rate limits, not by the digest
-- postgres:
    code_sha256      BYTEA   NOT NULL CHECK (octet_length(code_sha256) = 32),
-- end
    expires_at_ms    INTEGER NOT NULL,                                                        -- after this no one can link with the code
    created_at_ms    INTEGER NOT NULL,                                                        -- when the code was set
    CHECK (expires_at_ms > created_at_ms)                                                     -- a code lives for a positive time
) STRICT;

-- Pruning expired codes.
CREATE INDEX verification_codes_by_expiry ON verification_codes (expires_at_ms);

-- A guardian watching a dependent, made with the dependent's verification code; either side may end it.
CREATE TABLE links (
    id               TEXT    NOT NULL PRIMARY KEY,                                  -- opaque link id
    guardian_key     INTEGER NOT NULL REFERENCES accounts (key) ON DELETE CASCADE,  -- the account that watches
    dependent_key    INTEGER NOT NULL REFERENCES accounts (key) ON DELETE CASCADE,  -- the account that is watched
    created_at_ms    INTEGER NOT NULL,                                              -- when the link was made
    UNIQUE (guardian_key, dependent_key),                                             -- one link per pair; also serves "whom does this guardian watch"
    CHECK (guardian_key <> dependent_key)                                             -- no one guards themselves
) STRICT;

-- "Who watches this dependent": alerts, webhooks and the guardians list.
CREATE INDEX links_by_dependent ON links (dependent_key);
