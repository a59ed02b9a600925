// Home: everyone the guardian looks after, on one map (with their safe zones) and as cards, kept
// live by the event stream. The map fits everyone, then follows the person opened (#home/<id>); a
// person with an open SOS or danger turns red.
import { api } from "../api.js";
import { h, replace, ago, distance, clock } from "../dom.js";
import { makeMap, PositionMarker, fit, drawZones } from "../map.js";
import { onEvent, reconnectEvents } from "../events.js";
import { watchOpenAlerts, isUrgent, isCalm } from "../banner.js";
import { alertTitle } from "../words.js";
import { safetyPanel } from "./trips.js";
import { positionSentEvent } from "../sharing.js";

/** After this long without a position, someone looked after is asked to check their phone's app. */
const staleSeconds = 6 * 3600;

/** The people the event stream was opened for, as this page last saw them. */
let streamedPeople = null;

/** The home page; `followed` is the account id whose position the map keeps in view. */
export async function showHome(view, session, [followed = null] = []) {
  const [{ dependents }, { guardians }] = await Promise.all([api("GET", "/v1/dependents"), api("GET", "/v1/links")]);
  // A link made elsewhere (another device, the phone) reaches the stream only when it opens again.
  const everyone = dependents.map((d) => d.account.id).sort().join(",");
  if (streamedPeople !== null && streamedPeople !== everyone) reconnectEvents();
  streamedPeople = everyone;
  const ownSetup = `#setup/${encodeURIComponent(session.account.id)}`;
  const names = guardians.map((link) => link.guardian.name);
  const whom = names.length === 1 ? names[0] : "they";
  let lookedAfter = null;
  let stopAnswers = () => {};
  if (names.length) {
    // Whether this person's own phone already sends: the next step, or that all is in place. The
    // line is kept live by the same poll that watches their own SOS (their own positions are not on
    // the event stream, which carries the people one looks after).
    const ownPhone = h("div", { id: "own-phone", class: "stack" });
    lookedAfter = h("section", { class: "card stack", id: "looked-after" },
      h("p", {}, `${names.join(" and ")} ${names.length === 1 ? "looks" : "look"} after you.`), ownPhone);
    const showOwnPhone = (own) => {
      // Drawn again only when it reads differently, so a focused link keeps the keyboard.
      const fresh = h("div", {}, ownPhoneText(own, whom, ownSetup));
      if (fresh.textContent !== ownPhone.textContent) replace(ownPhone, [...fresh.childNodes]);
    };
    showOwnPhone(await ownPosition(session.account.id));
    const answers = h("div", { id: "own-emergencies", role: "status" });
    lookedAfter.prepend(answers);
    stopAnswers = watchOwnEmergencies(answers, session.account.id, showOwnPhone);
  }
  if (!dependents.length) {
    // Nobody to show yet: what to do first, for each side of a family, instead of an empty map. Someone
    // who is looked after gets the SOS button here, where they look first.
    const safety = names.length ? safetyPanel(false, session.account.id) : null;
    replace(view,
      h("h1", {}, names.length ? `Hello, ${session.account.name}` : "Getting started"),
      lookedAfter,
      safety ? safety.element : null,
      names.length ? null : h("section", { class: "card stack", id: "start-guardian", "aria-labelledby": "start-guardian-title" },
        h("h2", { id: "start-guardian-title" }, "Do you want to look after someone?"),
        h("p", {}, "A parent, a child, a friend: ask them to open Homeward on their phone and show their code (under Link). Then link to them."),
        h("p", {}, h("a", { href: "#link/look-after", class: "button", id: "start-link" }, "Link to someone"))),
      names.length ? null : h("section", { class: "card stack", id: "start-dependent", "aria-labelledby": "start-dependent-title" },
        h("h2", { id: "start-dependent-title" }, "Should someone look after you?"),
        h("p", {}, "Show them your code, then set up this phone so that it sends where you are."),
        h("p", { class: "row" }, h("a", { href: "#link/show-code", class: "button", id: "start-code" }, "Show my code"),
          h("a", { href: ownSetup, class: "button secondary", id: "setup-own" }, "Set up this phone"))),
      names.length ? h("p", {}, "Going somewhere? ", h("a", { href: "#trips" }, "Start a trip"), " so that someone can follow you. Want to look after someone too? ",
        h("a", { href: "#link/look-after" }, "Link to them"), ".") : null);
    return () => { stopAnswers(); if (safety) safety.stop(); };
  }
  const list = h("ul", { class: "people", id: "people" });
  const mapElement = h("div", { class: "map", id: "home-map", role: "region", "aria-label": "Map of the people you look after" });
  replace(view,
    h("h1", {}, "People you look after"),
    dependents.some((d) => d.location) ? null
      : h("p", { class: "muted", id: "map-empty" }, "The map shows each person once their phone has sent a position."),
    h("div", { class: "split" }, list, mapElement),
    lookedAfter || h("p", { class: "muted" }, "Should the family see you too? ", h("a", { href: ownSetup, id: "setup-own" }, "Set up this phone"),
      " so that it sends where you are."));
  const map = makeMap(mapElement);
  const zoneLayer = window.L.layerGroup().addTo(map);
  const people = new Map();

  for (const item of dependents) {
    const person = { item, marker: new PositionMarker(map, item.account.name), card: h("li"), alerts: [], zones: null };
    people.set(item.account.id, person);
    list.append(person.card);
    render(person, followed);
  }
  const follow = () => {
    const person = followed && people.get(followed);
    if (person && person.marker.latLng) map.setView(person.marker.latLng, Math.max(map.getZoom(), 16));
    else fit(map, [...people.values()].map((p) => p.marker.latLng));
  };
  follow();
  if (followed && people.has(followed)) requestAnimationFrame(() => mapElement.scrollIntoView({ block: "start" }));
  // Everyone's zones, drawn under the positions (a failure leaves the map as it is).
  Promise.all(dependents.map((d) => api("GET", `/v1/accounts/${encodeURIComponent(d.account.id)}/zones`)
    .then(({ zones }) => {
      drawZones(zoneLayer, zones);
      const person = people.get(d.account.id);
      person.zones = zones;
      render(person, followed);
    }).catch(() => {})));

  const stopAlerts = watchOpenAlerts((open) => {
    for (const person of people.values()) {
      person.alerts = open.filter((alert) => alert.account.id === person.item.account.id);
      render(person, followed);
    }
  });

  const stop = onEvent("location", async (event) => {
    const person = people.get(event.accountId);
    if (!person) return;
    person.item.location = event.location;
    view.querySelector("#map-empty")?.remove();
    person.item.status = { ...person.item.status, lastSeenSeconds: 0 };
    render(person, followed);
    // The map keeps up: it pans with the person followed, and fits everyone again when someone
    // walks out of view.
    if (event.accountId === followed) map.panTo(person.marker.latLng);
    else if (!followed && !map.getBounds().contains(person.marker.latLng)) fit(map, [...people.values()].map((p) => p.marker.latLng));
    try {
      person.item = await api("GET", `/v1/accounts/${encodeURIComponent(event.accountId)}/location`);
      render(person, followed);
    } catch { /* the position shown is still right */ }
  });
  const ticker = setInterval(() => {
    for (const person of people.values()) {
      if (person.item.status && person.item.status.lastSeenSeconds !== null) person.item.status.lastSeenSeconds += 30;
      render(person, followed);
    }
  }, 30000);
  return () => { stop(); stopAlerts(); stopAnswers(); clearInterval(ticker); map.remove(); };
}

/** The person's own newest position as `GET /v1/accounts/{id}/location` gives it, or null. */
function ownPosition(accountId) {
  return api("GET", `/v1/accounts/${encodeURIComponent(accountId)}/location`).catch(() => null);
}

/** When the person's own phone last sent a position, or how to set it up; `whom` looks after them. */
function ownPhoneText(own, whom, ownSetup) {
  if (!own || !own.location) {
    return [h("p", {}, `Set up this phone so that ${whom} can see where you are.`),
      h("p", {}, h("a", { href: ownSetup, class: "button", id: "setup-own" }, "Set up this phone"))];
  }
  const sent = own.status ? own.status.lastSeenSeconds : null;
  return h("p", {}, "Your position was last sent ", h("span", { id: "own-last-sent" }, ago(sent)), ". ",
    sent > staleSeconds ? "That is a while ago: check that the app on your phone is still on, or set it up again. " : "",
    h("a", { href: ownSetup, id: "setup-own" }, "Phones that send it"));
}

/** How often the person's own recent SOS is asked about, and how far back it is shown. */
const answersRefreshMilliseconds = 5000;
const answersShownMilliseconds = 2 * 3600 * 1000;

/** Shows in `area` whether the person's own SOS (or a check that ran out) of the last two hours was
 * answered, and by whom: a frightened person must see that someone is coming. The same poll gives
 * `showOwnPhone` the person's newest position (also at once when this page sent one). Returns how to stop. */
function watchOwnEmergencies(area, accountId, showOwnPhone) {
  const refreshOwnPhone = async () => showOwnPhone(await ownPosition(accountId));
  const show = async () => {
    refreshOwnPhone();
    const since = new Date(Date.now() - answersShownMilliseconds).toISOString();
    try {
      const { alerts } = await api("GET", `/v1/alerts?status=open,acknowledged&since=${encodeURIComponent(since)}`);
      const own = alerts.filter((alert) => alert.account.id === accountId && isUrgent(alert));
      replace(area, own.map((alert) => {
        const what = alert.type === "sos" ? "SOS" : "check that ran out";
        return alert.status === "acknowledged" && alert.acknowledgedBy
          ? h("p", { class: "ok", "data-alert": alert.id }, h("strong", {}, `${alert.acknowledgedBy.name} answered your ${what}`),
            ` of ${clock(alert.createdAt)} at ${clock(alert.acknowledgedAt)} ✓`)
          : h("p", { class: "alarm", "data-alert": alert.id }, h("strong", {}, `Your ${what} of ${clock(alert.createdAt)} was sent.`),
            " No one has answered yet. If you can, call someone.");
      }));
    } catch { /* asked again in a moment */ }
  };
  show();
  const stopEvents = onEvent("alert", (alert) => { if (alert.account.id === accountId) show(); });
  window.addEventListener(positionSentEvent, refreshOwnPhone);
  const timer = setInterval(show, answersRefreshMilliseconds);
  return () => { stopEvents(); clearInterval(timer); window.removeEventListener(positionSentEvent, refreshOwnPhone); };
}

function render(person, followed) {
  const { item } = person;
  const urgent = person.alerts.filter(isUrgent);
  const other = person.alerts.filter((alert) => !isUrgent(alert) && !isCalm(alert));
  const status = item.status || {};
  const location = item.location;
  const motion = item.motionToday || {};
  const reporting = status.reporting;
  person.marker.update(location);
  person.marker.setAlarming(urgent.length > 0);
  const state = status.state === "moving" ? "Moving" : status.state === "stationary" ? "Still" : "Unknown";
  const classes = ["person", "card", urgent.length ? "alarming" : other.length ? "warning" : ""].join(" ").trim();
  const following = item.account.id === followed;
  replace(person.card, h("div", { class: classes, "data-account": item.account.id, "data-alarming": urgent.length ? "true" : null },
    h("strong", {}, item.account.name),
    urgent.map((alert) => h("p", { class: "alarm" }, `${alertTitle(alert)} at ${clock(alert.createdAt)}: not answered yet`)),
    other.map((alert) => h("p", { class: "warn" }, `${alertTitle(alert)} at ${clock(alert.createdAt)}`)),
    h("dl", { class: "facts" },
      h("dt", {}, "Now"), h("dd", { class: status.state === "moving" ? "state-moving" : "" }, state),
      h("dt", {}, "Zone"), h("dd", { class: "zone-state" }, zoneText(person)),
      location && status.distanceFromHome !== null && status.distanceFromHome !== undefined
        ? [h("dt", {}, "From home"), h("dd", {}, distance(status.distanceFromHome))] : null,
      h("dt", {}, "Last seen"), h("dd", { class: "last-seen" }, location ? ago(status.lastSeenSeconds) : "no position yet"),
      h("dt", {}, "Phone"), h("dd", { class: reporting && reporting.state !== "fine" ? "error" : "" }, location ? reportingText(reporting) : "not set up yet"),
      h("dt", {}, "Battery"), h("dd", {}, location && location.battery !== null && location.battery !== undefined ? `${Math.round(location.battery)} %` : "unknown",
        reporting && reporting.batteryEmptyAt ? ` · empty about ${clock(reporting.batteryEmptyAt)}` : ""),
      h("dt", {}, "Steps today"), h("dd", {}, String(motion.steps || 0)),
      location ? [h("dt", {}, "Accuracy"), h("dd", {}, distance(location.accuracy))] : null),
    status.wandering ? h("p", { class: "error" }, `Wandering (${status.wandering.pattern})`) : null,
    location ? null : h("div", { class: "hint stack no-position" },
      h("p", {}, `${item.account.name}'s phone has not sent a position yet.`),
      h("a", { href: `#setup/${encodeURIComponent(item.account.id)}`, class: "button setup-phone" }, `Set up ${item.account.name}'s phone`)),
    h("p", { class: "row person-links" },
      following ? h("span", { class: "muted" }, "The map follows them")
        : h("a", { href: `#home/${encodeURIComponent(item.account.id)}`, class: "follow" }, `Follow ${item.account.name} on the map`),
      h("a", { href: `#person/${encodeURIComponent(item.account.id)}` }, "Their day and steps"),
      location ? h("a", { href: `#setup/${encodeURIComponent(item.account.id)}`, class: "setup-phone" }, `Set up ${item.account.name}'s phone`) : null)));
}

/** The safe zone the person is in, in words: a zone drawn after their newest position is judged by
 * the next one, and a person with no zone yet gets the way to draw one instead of "outside". */
function zoneText(person) {
  const { item, zones } = person;
  const status = item.status || {};
  if (status.zone) return status.zone;
  if (!item.location) return "not known yet";
  if (zones && !zones.length) {
    return ["no safe zone yet · ", h("a", { href: `#zones/${encodeURIComponent(item.account.id)}` }, "draw one")];
  }
  const fixed = Date.parse(item.location.t);
  if (zones && zones.some((zone) => Date.parse(zone.createdAt) > fixed)) return "checked with the next position";
  return "outside safe zones";
}

/** How the phone reports against its own habit: "as usual (every 15 min)", "quieter than usual", "silent". */
function reportingText(reporting) {
  if (!reporting) return "never heard from";
  if (reporting.state === "silent") return reporting.batteryRanOut ? "silent: battery most likely ran out" : "silent";
  if (reporting.state === "quiet") return "quieter than usual";
  const usual = reporting.usualIntervalSeconds;
  if (usual === null || usual === undefined) return "sending positions";
  return usual < 90 ? `as usual (every ${usual} s)` : `as usual (every ${Math.round(usual / 60)} min)`;
}
