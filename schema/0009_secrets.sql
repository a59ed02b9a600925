-- Secrets under a keyed digest, and device keys that may read others.
-- Since this migration the *_sha256 columns of sessions, devices, shares, trips and verification_codes
-- hold HMAC-SHA256 of the secret under the server secret, a 32-byte key kept in a file outside the
-- database (--secret-file, default <database path>.secret). Rows written before hold a plain SHA-256;
-- the server looks those up too and rewrites each to its keyed digest the first time its secret is used.

-- The fingerprint of the server secret this database's digests were made with: HMAC-SHA256 of a fixed
-- label under the key. A start with another key (a lost or swapped secret file) is refused, so a
-- restore that forgot the file does not silently end every session, device key and share link.
CREATE TABLE server_secret (
    id               INTEGER NOT NULL PRIMARY KEY CHECK (id = 1),                   -- one row
-- sqlite:
    fingerprint      BLOB    NOT NULL CHECK (length(fingerprint) = 32),             -- HMAC-SHA256 of the label under the key
-- postgres:
    fingerprint      BYTEA   NOT NULL CHECK (octet_length(fingerprint) = 32),
-- end
    created_at_ms    INTEGER NOT NULL                                               -- when the server first used the key
) STRICT;

-- Whether a device key may read other people: the friends OwnTracks shows (the caller's dependents'
-- latest positions in the reply). Only honoured when the key comes in a header (HTTP Basic or
-- Bearer), never in a URL query. Keys issued before this migration keep the reading they had.
ALTER TABLE devices ADD COLUMN reads_others INTEGER NOT NULL DEFAULT 0 CHECK (reads_others IN (0, 1));
UPDATE devices SET reads_others = 1;
