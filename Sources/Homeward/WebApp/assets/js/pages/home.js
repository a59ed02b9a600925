// Home: everyone the guardian looks after, on one map and as cards, kept live by the event stream.
import { api } from "../api.js";
import { h, replace, ago, distance, clock } from "../dom.js";
import { makeMap, PositionMarker, fit } from "../map.js";
import { onEvent } from "../events.js";

/** The home page. */
export async function showHome(view, session) {
  const { dependents } = await api("GET", "/v1/dependents");
  const list = h("ul", { class: "people", id: "people" });
  const mapElement = h("div", { class: "map", id: "home-map", role: "region", "aria-label": "Map of the people you look after" });
  replace(view,
    h("h1", {}, "People you look after"),
    h("p", {}, h("a", { href: `#setup/${encodeURIComponent(session.account.id)}`, id: "setup-own" }, "Set up this phone"),
      " so that it sends where you are."),
    dependents.length ? null : h("p", { class: "card" }, "No one yet. ", h("a", { href: "#link" }, "Link to someone"), " with their phone number and verification code."),
    h("div", { class: "split" }, list, mapElement));
  const map = makeMap(mapElement);
  const people = new Map();

  for (const item of dependents) {
    const person = { item, marker: new PositionMarker(map, item.account.name), card: h("div") };
    people.set(item.account.id, person);
    list.append(h("li", {}, person.card,
      h("a", { href: `#setup/${encodeURIComponent(item.account.id)}`, class: "setup-phone" }, `Set up ${item.account.name}'s phone`)));
    render(person);
  }
  fit(map, [...people.values()].map((person) => person.marker.latLng));

  const stop = onEvent("location", async (event) => {
    const person = people.get(event.accountId);
    if (!person) return;
    person.item.location = event.location;
    person.item.status = { ...person.item.status, lastSeenSeconds: 0 };
    render(person);
    try {
      person.item = await api("GET", `/v1/accounts/${encodeURIComponent(event.accountId)}/location`);
      render(person);
    } catch { /* the position shown is still right */ }
  });
  const ticker = setInterval(() => {
    for (const person of people.values()) {
      if (person.item.status && person.item.status.lastSeenSeconds !== null) person.item.status.lastSeenSeconds += 30;
      render(person);
    }
  }, 30000);
  return () => { stop(); clearInterval(ticker); map.remove(); };
}

function render(person) {
  const { item } = person;
  const status = item.status || {};
  const location = item.location;
  const motion = item.motionToday || {};
  const reporting = status.reporting;
  person.marker.update(location);
  const state = status.state === "moving" ? "Moving" : status.state === "stationary" ? "Still" : "Unknown";
  replace(person.card, h("a", { class: "person card", href: `#person/${encodeURIComponent(item.account.id)}`, "data-account": item.account.id },
    h("strong", {}, item.account.name),
    h("dl", { class: "facts" },
      h("dt", {}, "Now"), h("dd", { class: status.state === "moving" ? "state-moving" : "" }, state),
      h("dt", {}, "Zone"), h("dd", {}, status.zone || "outside safe zones"),
      h("dt", {}, "Last seen"), h("dd", { class: "last-seen" }, location ? ago(status.lastSeenSeconds) : "no position yet"),
      h("dt", {}, "Phone"), h("dd", { class: reporting && reporting.state !== "fine" ? "error" : "" }, reportingText(reporting)),
      h("dt", {}, "Battery"), h("dd", {}, location && location.battery !== null && location.battery !== undefined ? `${Math.round(location.battery)} %` : "unknown",
        reporting && reporting.batteryEmptyAt ? ` · empty about ${clock(reporting.batteryEmptyAt)}` : ""),
      h("dt", {}, "Steps today"), h("dd", {}, String(motion.steps || 0)),
      location ? [h("dt", {}, "Accuracy"), h("dd", {}, distance(location.accuracy))] : null),
    status.wandering ? h("p", { class: "error" }, `Wandering (${status.wandering.pattern})`) : null));
}

/** How the phone reports against its own habit: "as usual (every 15 min)", "quieter than usual", "silent". */
function reportingText(reporting) {
  if (!reporting) return "never heard from";
  if (reporting.state === "silent") return reporting.batteryRanOut ? "silent: battery most likely ran out" : "silent";
  if (reporting.state === "quiet") return "quieter than usual";
  const usual = reporting.usualIntervalSeconds;
  if (usual === null || usual === undefined) return "as usual";
  return usual < 90 ? `as usual (every ${usual} s)` : `as usual (every ${Math.round(usual / 60)} min)`;
}
