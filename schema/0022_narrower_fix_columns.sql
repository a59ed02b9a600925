-- The scaled measures of a stored fix take 4 or 2 bytes on PostgreSQL (schema/postgres/0022); on
-- SQLite nothing changes: it already stores each integer in the fewest bytes its value needs (1 to
-- 4 for these), whatever the column's declared type, and a STRICT INTEGER column takes them all.
-- The ranges the server accepts are unchanged (`LocationSample.problem`): latitude and longitude in
-- degrees × 10^7 fit 32 bits, accuracy, altitude and speed too, heading, battery and flags 16.
--
-- Nothing to do on this engine; the statement below only makes the file a migration of its own.
SELECT 1;
