// The browser as a tracker while a page is open: one position now, an SOS with where it was sent
// from, and positions every few seconds during a trip (with the screen kept on). It stops when the
// page is closed or left: background tracking needs one of the phone apps ("Set up this phone").
import { api } from "./api.js";

/** The most a position for "share now" or to follow an SOS may take to come, in milliseconds. */
const positionTimeoutMilliseconds = 20000;
/** A position the browser already has, this recent, goes with an SOS at once, in milliseconds. */
const positionMaximumAgeMilliseconds = 30000;
/** The longest an SOS waits for the browser to say whether it has such a position (it may be
 * asking the person for permission instead), in milliseconds. */
const positionAtOnceMilliseconds = 200;

/** The window event sent once this page posted a position of the person's own (their first page
 * shows when their position was last sent). */
export const positionSentEvent = "homeward-position-sent";

/** Posts browser positions as samples and says so. */
async function postSamples(positions) {
  const answer = await api("POST", "/v1/locations", { samples: positions.map(sample) });
  window.dispatchEvent(new Event(positionSentEvent));
  return answer;
}

/** The newest position this page had from the browser (a trip's sharing, "share now", an SOS). */
let lastKnown = null;

/** The browser's position now (a fresh one), or null when it is not allowed or does not come in time. */
export function currentPosition() {
  if (!navigator.geolocation) return Promise.resolve(null);
  return new Promise((resolve) => navigator.geolocation.getCurrentPosition((position) => { lastKnown = position; resolve(position); },
    () => resolve(null), { enableHighAccuracy: true, timeout: positionTimeoutMilliseconds, maximumAge: 0 }));
}

/** A position the browser already has from the last 30 s, without waiting for a new one; null when
 * it has none or does not answer at once. */
function positionAtOnce() {
  if (lastKnown && Date.now() - lastKnown.timestamp <= positionMaximumAgeMilliseconds) return Promise.resolve(lastKnown);
  if (!navigator.geolocation) return Promise.resolve(null);
  const cached = new Promise((resolve) => navigator.geolocation.getCurrentPosition(resolve, () => resolve(null),
    { enableHighAccuracy: false, timeout: 0, maximumAge: positionMaximumAgeMilliseconds }));
  return Promise.race([cached, new Promise((resolve) => setTimeout(() => resolve(null), positionAtOnceMilliseconds))]);
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

/** Sends an SOS at once, never waiting for a new position: with the position the browser already
 * has (from the last 30 s), else the server attaches the person's newest stored one. Resolves to
 * `{alert, fromBrowser}`; `followed` then resolves to the fresh position sent after it as a sample
 * (the map the guardians open follows it), or null when the browser gave none. */
export async function sendSOS() {
  const here = await positionAtOnce();
  const body = { type: "sos" };
  if (here) {
    body.location = { lat: here.coords.latitude, lon: here.coords.longitude, accuracy: here.coords.accuracy,
      t: new Date(here.timestamp).toISOString() };
  }
  // The place that went with it is kept as a position too, beside the alert, never before it.
  if (here) postSamples([here]).catch(() => null);
  const alert = await api("POST", "/v1/alerts", body);
  const followed = currentPosition().then(async (now) => {
    if (!now) return null;
    await postSamples([now]);
    return now;
  }).catch(() => null);
  return { alert, fromBrowser: Boolean(here), followed };
}

/** Sends the browser's position once; resolves to whether there was one to send. */
export async function sharePositionNow() {
  const here = await currentPosition();
  if (!here) return false;
  await postSamples([here]);
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
    lastKnown = position;
    try {
      await postSamples([position]);
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
