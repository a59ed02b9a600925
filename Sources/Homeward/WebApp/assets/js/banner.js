// Alerts that get noticed on every page: a banner with who, what, where and an Acknowledge button,
// an alarm for an SOS or a danger (with one tap to allow sound where the browser blocks it), and
// the list of open alerts that the People page colours its cards with.
import { api } from "./api.js";
import { h, clock, announce, ago } from "./dom.js";
import { onEvent } from "./events.js";
import { alertHeadline } from "./words.js";
import { playAlarm, unlockAudio } from "./alarm.js";

/** How often open alerts are asked for when the event stream is down or missed one. */
const pollMilliseconds = 15000;
/** How often an unanswered SOS or danger rings again, and for how long at most. */
const ringAgainMilliseconds = 10000;
const ringForMilliseconds = 120000;

/** A place taken this long before the alert is said to be the last known one, with its age. */
const stalePlaceMilliseconds = 120000;

const urgentTypes = new Set(["sos", "danger"]);
/** Alerts that only inform (no banner): the person is where they should be. */
const calmTypes = new Set(["arrived", "entered_zone"]);

/** Whether `alert` is an emergency (rings, turns the person red). */
export const isUrgent = (alert) => urgentTypes.has(alert.type);
/** Whether `alert` only informs (no banner, no colour). */
export const isCalm = (alert) => calmTypes.has(alert.type);

let self = null;
let area = null;
let timer = null;
let stopEvents = null;
const shown = new Map();
const dismissed = new Set();
const watchers = new Set();
let open = [];

/** Starts watching for alerts (after signing in as `account`). */
export function startAlertBanner(account) {
  self = account;
  area = document.getElementById("alert-banners");
  stopAlertBanner();
  stopEvents = onEvent("alert", (alert) => { receive(alert); refreshAlerts(); });
  refreshAlerts(true);
  timer = setInterval(refreshAlerts, pollMilliseconds);
}

/** Stops watching and removes every banner (logging out). */
export function stopAlertBanner() {
  if (stopEvents) stopEvents();
  stopEvents = null;
  clearInterval(timer);
  for (const id of [...shown.keys()]) remove(id);
  open = [];
  showBadge([]);
}

/** Calls `listener` with the open alerts now and whenever they change; returns how to stop. */
export function watchOpenAlerts(listener) {
  watchers.add(listener);
  listener(open);
  return () => watchers.delete(listener);
}

/** Asks for the open alerts: banners, the badge and the People page follow. */
export async function refreshAlerts(first = false) {
  try {
    const { alerts } = await api("GET", "/v1/alerts?status=open");
    showBadge(alerts);
    open = alerts.filter((alert) => !self || alert.account.id !== self.id);
    for (const listener of watchers) listener(open);
    for (const alert of open) {
      // After a reload only the emergencies come back as banners; older quieter alerts are on Alerts.
      if (first && !urgentTypes.has(alert.type)) dismissed.add(alert.id);
      receive(alert);
    }
    for (const id of [...shown.keys()]) if (!open.some((alert) => alert.id === id)) remove(id);
  } catch { /* the next poll tries again */ }
}

/** Counts open SOS and danger alerts into the title and the menu badge. */
function showBadge(alerts) {
  const urgent = alerts.filter((alert) => urgentTypes.has(alert.type)).length;
  const badge = document.getElementById("alert-count");
  if (!badge) return;
  badge.textContent = String(urgent);
  badge.hidden = urgent === 0;
  badge.setAttribute("aria-label", `${urgent} open emergencies`);
  document.title = urgent ? `(${urgent}) SOS · Homeward` : "Homeward";
}

/** Shows or removes the banner of `alert`. */
function receive(alert) {
  if (!area || (self && alert.account.id === self.id)) return;
  if (alert.status !== "open") { remove(alert.id); return; }
  if (calmTypes.has(alert.type) || dismissed.has(alert.id) || shown.has(alert.id)) return;
  const urgent = urgentTypes.has(alert.type);
  const banner = { element: bannerElement(alert, urgent), ringing: null };
  shown.set(alert.id, banner);
  area.prepend(banner.element);
  announce(alertHeadline(alert));
  if (urgent) ring(banner);
}

function bannerElement(alert, urgent) {
  const acknowledge = h("button", { type: "button", class: urgent ? "danger acknowledge" : "acknowledge" }, "Acknowledge");
  acknowledge.addEventListener("click", async () => {
    acknowledge.disabled = true;
    try {
      await api("POST", `/v1/alerts/${encodeURIComponent(alert.id)}/acknowledge`);
      dismissed.add(alert.id);
      remove(alert.id);
      announce(`Acknowledged: the others see that you answered for ${alert.account.name}.`);
      refreshAlerts();
    } catch (error) {
      announce(error.message);
      acknowledge.disabled = false;
    }
  });
  const hide = h("button", { type: "button", class: "secondary" }, "Hide");
  hide.addEventListener("click", () => { dismissed.add(alert.id); remove(alert.id); });
  // A place older than the alert (the newest stored fix, attached by the server) says how old it is.
  const placed = alert.location && alert.location.t ? Date.parse(alert.location.t) : null;
  const age = placed !== null && Date.parse(alert.createdAt) - placed > stalePlaceMilliseconds
    ? `Last known place, ${ago(Math.max(0, (Date.now() - placed) / 1000))}: ` : "";
  const where = alert.location
    ? [age, h("a", { href: `#home/${encodeURIComponent(alert.account.id)}` }, "Show on the map"), " · ",
      h("a", { href: `https://www.openstreetmap.org/?mlat=${alert.location.lat}&mlon=${alert.location.lon}#map=17/${alert.location.lat}/${alert.location.lon}`,
        target: "_blank", rel: "noopener" }, "Open in a maps app")]
    : [h("a", { href: `#home/${encodeURIComponent(alert.account.id)}` }, "Show their last position")];
  const sound = h("button", { type: "button", class: "secondary sound", hidden: true }, "Tap to allow the alarm sound");
  sound.addEventListener("click", () => {
    unlockAudio();
    sound.hidden = true;
    const banner = shown.get(alert.id);
    if (banner) ring(banner);
  });
  return h("section", {
    class: `banner ${urgent ? "banner-urgent" : "banner-quiet"}`, "data-alert": alert.id, "data-type": alert.type,
    role: urgent ? "alert" : "status", "aria-label": alertHeadline(alert),
  },
  h("p", { class: "banner-what" }, h("strong", {}, alertHeadline(alert)),
    ` at ${clock(alert.createdAt)}`),
  alert.message ? h("p", { class: "banner-message" }, `“${alert.message}”`) : null,
  h("p", { class: "banner-where" }, where),
  h("div", { class: "row" }, acknowledge, urgent ? null : hide, sound));
}

function remove(id) {
  const banner = shown.get(id);
  if (!banner) return;
  clearInterval(banner.ringing);
  banner.element.remove();
  shown.delete(id);
}

/** Rings now and again every few seconds until the banner goes or two minutes pass. */
function ring(banner) {
  const started = Date.now();
  clearInterval(banner.ringing);
  const once = async () => {
    if (Date.now() - started > ringForMilliseconds) { clearInterval(banner.ringing); return; }
    if (!await playAlarm() && shown.get(banner.element.dataset.alert) === banner) {
      banner.element.querySelector(".sound").hidden = false;
      clearInterval(banner.ringing);
    }
  };
  once();
  banner.ringing = setInterval(once, ringAgainMilliseconds);
}
