-- A person's location history is deleted by the account's deletion itself (`AccountStore.deleteAccount`
-- deletes the account's fixes in the same transaction as its row), no longer by a foreign key, and
-- ingest refuses a fix for an account that is gone before it writes one (`AccountStore.requireAccount`,
-- read once per group of writes). `locations` is the table every fix is written to: a foreign key
-- costs a check of the account row for every stored fix, which on PostgreSQL was three quarters of a
-- fix's cost on the server (bench/README, issue 32). The other tables keep their foreign keys.
--
-- SQLite cannot drop a foreign key with ALTER TABLE; removing one is the edit of the stored table
-- text that SQLite documents as safe (the writable_schema procedure of "Making Other Kinds Of Table
-- Schema Changes", as 0015 does for a CHECK): nothing changes on disk but the definition, and the
-- migrator bumps the schema version after it so every connection reads the definition again.

-- sqlite:
PRAGMA writable_schema = ON;
UPDATE sqlite_schema
SET sql = replace(sql,
    'account_key  INTEGER NOT NULL REFERENCES accounts (key) ON DELETE CASCADE, -- whose fix it is',
    'account_key  INTEGER NOT NULL,                                             -- whose fix it is (deleted with the account by its deletion, 0020)')
WHERE type = 'table' AND name = 'locations';
PRAGMA writable_schema = OFF;
-- postgres:
ALTER TABLE locations DROP CONSTRAINT locations_account_key_fkey;
-- end
