-- PostgreSQL dialect of schema/0018_import_progress.sql: the same columns, BIGINT for INTEGER.

ALTER TABLE imports ADD COLUMN bytes_read BIGINT NOT NULL DEFAULT 0 CHECK (bytes_read >= 0); -- bytes of the file (as uploaded: compressed for gzip or zip) read so far
ALTER TABLE imports ADD COLUMN total_bytes BIGINT;                                         -- the file's size in bytes; NULL when unknown
ALTER TABLE imports ADD COLUMN rejected BIGINT NOT NULL DEFAULT 0 CHECK (rejected >= 0);     -- records skipped because they could not be used (missing or wrong values)
ALTER TABLE imports ADD COLUMN rejections TEXT;                                            -- the first reasons, one a line; NULL when none
