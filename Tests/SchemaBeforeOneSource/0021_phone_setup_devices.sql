-- PostgreSQL dialect of schema/0021_phone_setup_devices.sql: the app a phone's setup code was for.
-- What differs, and why: nothing.

-- The app the setup code configured: owntracks, overland or traccar; NULL for a key made through the API.
ALTER TABLE devices ADD COLUMN set_up_app TEXT CHECK (set_up_app IN ('owntracks', 'overland', 'traccar'));
