-- PostgreSQL dialect of schema/0009_secrets.sql: the same table, column and data change.
-- What differs, and why: types as in 0001 (BIGINT, BYTEA); server_secret.id is a plain BIGINT key
-- (in SQLite a rowid alias, but always written as 1); length() of the BLOB fingerprint is
-- octet_length(); no STRICT. The UPDATE of devices is the same: keys issued before keep reading others.

-- The fingerprint of the server secret this database's digests were made with: HMAC-SHA256 of a fixed
-- label under the key. A start with another key (a lost or swapped secret file) is refused, so a
-- restore that forgot the file does not silently end every session, device key and share link.
CREATE TABLE server_secret (
    id               BIGINT  NOT NULL PRIMARY KEY CHECK (id = 1),                   -- one row
    fingerprint      BYTEA   NOT NULL CHECK (octet_length(fingerprint) = 32),       -- HMAC-SHA256 of the label under the key
    created_at_ms    BIGINT  NOT NULL                                               -- when the server first used the key
);

-- Whether a device key may read other people: the friends OwnTracks shows (the caller's dependents'
-- latest positions in the reply). Only honoured when the key comes in a header (HTTP Basic or
-- Bearer), never in a URL query. Keys issued before this migration keep the reading they had.
ALTER TABLE devices ADD COLUMN reads_others BIGINT NOT NULL DEFAULT 0 CHECK (reads_others IN (0, 1));
UPDATE devices SET reads_others = 1;
