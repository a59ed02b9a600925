-- How far an import got through its file and which records it skipped, so the API shows an
-- import's progress and result (GET /v1/accounts/{id}/imports/{importId}) on any node and after a restart.

ALTER TABLE imports ADD COLUMN bytes_read INTEGER NOT NULL DEFAULT 0 CHECK (bytes_read >= 0); -- bytes of the file (as uploaded: compressed for gzip or zip) read so far
ALTER TABLE imports ADD COLUMN total_bytes INTEGER;                                         -- the file's size in bytes; NULL when unknown
ALTER TABLE imports ADD COLUMN rejected INTEGER NOT NULL DEFAULT 0 CHECK (rejected >= 0);     -- records skipped because they could not be used (missing or wrong values)
ALTER TABLE imports ADD COLUMN rejections TEXT;                                             -- the first reasons, one a line ("line 3, locations[1]: expected latitudeE7 and longitudeE7"); NULL when none
