-- PostgreSQL dialect of schema/0022_narrower_fix_columns.sql: the scaled measures of `locations`
-- narrowed from BIGINT to the integers their accepted ranges need.
-- What differs, and why: SQLite stores each integer in the bytes its value needs; PostgreSQL stores
-- a BIGINT in 8 whatever its value, so a fix took about 181 bytes with its primary key (a 32-byte
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
