-- MQTT: OwnTracks phones in MQTT mode and Home Assistant (docs/mqtt.md).
-- A device key may name the OwnTracks topic its phone publishes on (`owntracks/arthur/phone`): a
-- message on that topic, or under it (`/event`, `/info`, `/step`), is that person's, as if the phone
-- had posted it with the key. The broker authenticates the phones; the server trusts the topic.

-- The OwnTracks topic of the device's phone in MQTT mode (three levels, no wildcards); NULL for a
-- key used over HTTP only. One device per topic.
ALTER TABLE devices ADD COLUMN owntracks_topic TEXT CHECK (length(owntracks_topic) BETWEEN 5 AND 200);

-- The device a message on a topic belongs to.
CREATE UNIQUE INDEX devices_by_owntracks_topic ON devices (owntracks_topic) WHERE owntracks_topic IS NOT NULL;

-- The people shown in Home Assistant: the server publishes a device_tracker for each (MQTT
-- discovery), then their positions, zone and alerts; a row removed takes the entity away.
CREATE TABLE home_assistant_people (
    account_key      INTEGER NOT NULL PRIMARY KEY REFERENCES accounts (key) ON DELETE CASCADE, -- the person shown
    enabled_at_ms    INTEGER NOT NULL,                                                         -- when "Show in Home Assistant" was turned on
    enabled_by_key   INTEGER REFERENCES accounts (key) ON DELETE SET NULL                      -- who turned it on (the person or a guardian); NULL once that account is gone
) STRICT;
