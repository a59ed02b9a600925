-- The scaled measures of a stored fix take 4 or 2 bytes on PostgreSQL (schema/postgres/0022); on
-- SQLite nothing changes: it already stores each integer in the fewest bytes its value needs (1 to
-- 4 for these), whatever the column's declared type, and a STRICT INTEGER column takes them all.
-- The ranges the server accepts are unchanged (`LocationSample.problem`): latitude and longitude in
-- degrees × 10^7 fit 32 bits, accuracy, altitude and speed too, heading, battery and flags 16.
--
-- sqlite:
-- Nothing to do on this engine; the statement below only makes the file a migration of its own.
SELECT 1;
-- postgres:
-- The scaled measures of `locations` are narrowed from BIGINT to the integers their accepted ranges
-- need: PostgreSQL stores a BIGINT in 8 bytes whatever its value, so a fix took about 181 bytes with its primary key (a 32-byte
-- row header, eleven 8-byte columns, a 36-byte key entry; bench/README, issue 32). The account, the
-- time and the sample hash (an unsigned 32-bit hash) stay BIGINT and lead the row, so the narrower
-- columns follow them without padding: 8 + 8 + 8, then five 4-byte integers (latitude and longitude
-- in degrees × 10^7 up to ±1,800,000,000; accuracy and altitude up to 1,000,000 decimetres; speed up
-- to 100,000 cm/s), then three 2-byte ones (heading 0 – 359, battery 0 – 100, the flag bits): 50
-- bytes of data instead of 88, about 32 bytes less a fix.
-- The table is rewritten once, under an exclusive lock (writes and reads of history wait for it):
-- on a large installation, apply it with `homeward migrate` at a quiet hour before the nodes start.

ALTER TABLE locations
    ALTER COLUMN lat_e7 TYPE INTEGER,
    ALTER COLUMN lon_e7 TYPE INTEGER,
    ALTER COLUMN accuracy_dm TYPE INTEGER,
    ALTER COLUMN altitude_dm TYPE INTEGER,
    ALTER COLUMN speed_cm_s TYPE INTEGER,
    ALTER COLUMN heading_deg TYPE SMALLINT,
    ALTER COLUMN battery_pct TYPE SMALLINT,
    ALTER COLUMN flags TYPE SMALLINT;
-- end
