-- Phones set up by the web app's setup code ("Set up this phone"): the device remembers which app
-- the code was for. A new code for the same person replaces that person's earlier setup codes that
-- no phone has used yet (`last_used_at_ms` still NULL), so pressing "Show the code" twice leaves one
-- phone waiting for its first position, not two. Keys made through the API (`POST /v1/me/devices`)
-- have NULL here and are never replaced.

-- The app the setup code configured: owntracks, overland or traccar; NULL for a key made through the API.
ALTER TABLE devices ADD COLUMN set_up_app TEXT CHECK (set_up_app IN ('owntracks', 'overland', 'traccar'));
