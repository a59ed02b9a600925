-- The sets of client formats become open, as the alert types' did in 0015 and the channel kinds' in
-- 0019: which protocol a client report came in (`ClientReport.Client`), what it is
-- (`ClientReport.Kind`) and which app a phone's setup code was for (`PhoneSetupApp`) are checked by
-- the server, so a new tracking app or a new kind of report needs no table rebuild. Each closed list
-- becomes a check that the value is not empty.
-- sqlite:
-- SQLite cannot drop a CHECK with ALTER TABLE: the lists are dropped by the edit of the stored table
-- text that SQLite documents as safe (see 0015); the migrator bumps the schema version after it so
-- every connection reloads the definitions.
PRAGMA writable_schema = ON;
UPDATE sqlite_schema
SET sql = replace(replace(sql,
    'CHECK (client IN (''osmand'', ''overland'', ''owntracks''))', 'CHECK (client <> '''')'),
    'CHECK (kind IN (''alarm'', ''action'', ''visit'', ''trip'', ''card''))', 'CHECK (kind <> '''')')
WHERE type = 'table' AND name = 'client_reports';
UPDATE sqlite_schema
SET sql = replace(sql,
    'CHECK (set_up_app IN (''owntracks'', ''overland'', ''traccar''))', 'CHECK (set_up_app <> '''')')
WHERE type = 'table' AND name = 'devices';
PRAGMA writable_schema = OFF;
-- postgres:
ALTER TABLE client_reports DROP CONSTRAINT client_reports_client_check;
ALTER TABLE client_reports ADD CONSTRAINT client_reports_client_check CHECK (client <> '');
ALTER TABLE client_reports DROP CONSTRAINT client_reports_kind_check;
ALTER TABLE client_reports ADD CONSTRAINT client_reports_kind_check CHECK (kind <> '');
ALTER TABLE devices DROP CONSTRAINT devices_set_up_app_check;
ALTER TABLE devices ADD CONSTRAINT devices_set_up_app_check CHECK (set_up_app <> '');
-- end
