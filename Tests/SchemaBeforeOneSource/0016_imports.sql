-- PostgreSQL dialect of schema/0016_imports.sql: the same table, index and column.
-- What differs: BIGINT for INTEGER, and the key is an identity column (SQLite's is picked past
-- every key the table ever had); PostgreSQL has no STRICT.

-- One history file brought in for a person: its format, how far it got and what it stored.
CREATE TABLE imports (
    key            BIGINT  GENERATED ALWAYS AS IDENTITY PRIMARY KEY,            -- internal key, carried by the imported fixes (rows outlive an undo)
    id             TEXT    NOT NULL UNIQUE,                                     -- opaque import id, as the CLI and API show it
    account_key    BIGINT  NOT NULL REFERENCES accounts (key) ON DELETE CASCADE, -- whose history it is
    format         TEXT,                                                        -- the format recognised (ImportFormat); NULL until one is
    state          TEXT    NOT NULL CHECK (state <> ''),                        -- running, done, stopped (bad or cut-off input) or undone (ImportState)
    positions      BIGINT  NOT NULL DEFAULT 0 CHECK (positions >= 0),           -- fixes stored
    duplicates     BIGINT  NOT NULL DEFAULT 0 CHECK (duplicates >= 0),          -- fixes skipped: already stored (same time ±1 s and place) or repeated in the file
    first_t_ms     BIGINT,                                                      -- time of the oldest fix stored; NULL while none is
    last_t_ms      BIGINT,                                                      -- time of the newest fix stored; NULL while none is
    problem        TEXT,                                                        -- where reading stopped and why; NULL when the file was read to its end
    created_at_ms  BIGINT  NOT NULL,                                            -- when the import started
    finished_at_ms BIGINT                                                       -- when it ended (or was undone); NULL while running
);

CREATE INDEX imports_by_account ON imports (account_key, created_at_ms);

-- The import a fix came from; NULL for fixes a phone or client posted.
ALTER TABLE locations ADD COLUMN import_key BIGINT;
