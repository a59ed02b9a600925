// The browser as a tracker while a page is open: one position now, an SOS with where it was sent
// from, and positions every few seconds during a trip (with the screen kept on). It stops when the
// page is closed or left: background tracking needs one of the phone apps ("Set up this phone").
import { api } from "./api.js";

/** The most a position given to an SOS or "share now" may have waited for, in milliseconds. */
const positionTimeoutMilliseconds = 5000;
/** A cached position this recent is good enough for an SOS, in milliseconds. */
const positionMaximumAgeMilliseconds = 30000;

/** The browser's position now, or null when it is not allowed or does not come in time. */
export function currentPosition() {
  if (!navigator.geolocation) return Promise.resolve(null);
  return new Promise((resolve) => navigator.geolocation.getCurrentPosition(resolve, () => resolve(null), {
    enableHighAccuracy: true, timeout: positionTimeoutMilliseconds, maximumAge: positionMaximumAgeMilliseconds,
  }));
}

/** A browser position as a sample of POST /v1/locations. */
function sample(position) {
  const c = position.coords;
  const fix = { t: position.timestamp / 1000, lat: c.latitude, lon: c.longitude, accuracy: c.accuracy };
  if (c.speed !== null && c.speed !== undefined && c.speed >= 0) fix.speed = c.speed;
  if (c.heading !== null && c.heading !== undefined && !Number.isNaN(c.heading)) fix.heading = c.heading;
  if (c.altitude !== null && c.altitude !== undefined) fix.altitude = c.altitude;
  return fix;
}

/** Sends an SOS with the browser's position when it has one (the server adds the newest stored
 * fix otherwise); resolves to whether a position went with it. */
export async function sendSOS() {
  const here = await currentPosition();
  const body = { type: "sos" };
  if (here) body.location = { lat: here.coords.latitude, lon: here.coords.longitude, accuracy: here.coords.accuracy };
  // The alert goes at once; the position is also stored as a sample, beside it, not before it.
  const stored = here ? api("POST", "/v1/locations", { samples: [sample(here)] }).catch(() => null) : null;
  await api("POST", "/v1/alerts", body);
  await stored;
  return Boolean(here);
}

/** Sends the browser's position once; resolves to whether there was one to send. */
export async function sharePositionNow() {
  const here = await currentPosition();
  if (!here) return false;
  await api("POST", "/v1/locations", { samples: [sample(here)] });
  return true;
}

/** Sends a position each time the browser has a new one while `onChange` says so; keeps the screen
 * on (Screen Wake Lock) while the page is in front. Returns the function that stops it all. */
export function shareContinuously(onChange = () => {}) {
  if (!navigator.geolocation) { onChange("unavailable"); return () => {}; }
  let lock = null;
  let stopped = false;
  const keepAwake = async () => {
    if (stopped || document.visibilityState !== "visible" || !("wakeLock" in navigator)) return;
    try { lock = await navigator.wakeLock.request("screen"); } catch { lock = null; }
  };
  const visibility = () => { if (document.visibilityState === "visible") keepAwake(); };
  document.addEventListener("visibilitychange", visibility);
  keepAwake();
  const watch = navigator.geolocation.watchPosition(async (position) => {
    try {
      await api("POST", "/v1/locations", { samples: [sample(position)] });
      onChange("sent", position);
    } catch { onChange("failed"); }
  }, () => onChange("denied"), { enableHighAccuracy: true, maximumAge: 0 });
  return () => {
    stopped = true;
    navigator.geolocation.clearWatch(watch);
    document.removeEventListener("visibilitychange", visibility);
    if (lock) lock.release().catch(() => {});
  };
}
