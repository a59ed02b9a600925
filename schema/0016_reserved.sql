-- Placeholder for migration 16, which another branch brings (the migrator refuses gaps, and imports
-- are 0017). Drop this file and its PostgreSQL dialect when that branch's 0016 is merged.
SELECT 1;
