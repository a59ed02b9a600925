-- PostgreSQL dialect of schema/0017_mqtt.sql: the device's OwnTracks topic and the people shown in
-- Home Assistant.
-- What differs, and why: nothing but the types (BIGINT for INTEGER).

-- The OwnTracks topic of the device's phone in MQTT mode (three levels, no wildcards); NULL for a
-- key used over HTTP only. One device per topic.
ALTER TABLE devices ADD COLUMN owntracks_topic TEXT CHECK (length(owntracks_topic) BETWEEN 5 AND 200);

-- The device a message on a topic belongs to.
CREATE UNIQUE INDEX devices_by_owntracks_topic ON devices (owntracks_topic) WHERE owntracks_topic IS NOT NULL;

-- The people shown in Home Assistant: the server publishes a device_tracker for each (MQTT
-- discovery), then their positions, zone and alerts; a row removed takes the entity away.
CREATE TABLE home_assistant_people (
    account_key      BIGINT NOT NULL PRIMARY KEY REFERENCES accounts (key) ON DELETE CASCADE, -- the person shown
    enabled_at_ms    BIGINT NOT NULL,                                                         -- when "Show in Home Assistant" was turned on
    enabled_by_key   BIGINT REFERENCES accounts (key) ON DELETE SET NULL                      -- who turned it on (the person or a guardian); NULL once that account is gone
);
