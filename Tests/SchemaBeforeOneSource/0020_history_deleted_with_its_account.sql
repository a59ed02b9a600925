-- PostgreSQL dialect of schema/0020_history_deleted_with_its_account.sql: the same foreign key
-- dropped, from `locations` to `accounts`.
-- What differs, and why: PostgreSQL drops a constraint with ALTER TABLE (SQLite edits the stored
-- table text). Here the key was the costly part of a stored fix: PostgreSQL checks it for every row
-- with a query on `accounts` and a share lock on the account's row (12 µs a row with it, 2.8 µs
-- without, bench/README, issue 32); the account's deletion now deletes its fixes itself, and
-- ingest reads whether the account exists once per group of writes, with the latest positions.

ALTER TABLE locations DROP CONSTRAINT locations_account_key_fkey;
