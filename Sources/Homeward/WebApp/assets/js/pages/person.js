// One person: their path on a chosen day, steps by day, and the day's history to download.
import { api } from "../api.js";
import { h, replace, localDate, clock, dayLabel } from "../dom.js";
import { makeMap, PositionMarker, fit } from "../map.js";
import { onEvent } from "../events.js";
import { barChart } from "../chart.js";

/** The page of the person with account id `id`, on the day `date` (YYYY-MM-DD, today by default). */
export async function showPerson(view, session, [id, date = localDate()]) {
  const item = await api("GET", `/v1/accounts/${encodeURIComponent(id)}/location`);
  const from = new Date(`${date}T00:00:00`);
  const to = new Date(from.getTime() + 86400000);
  const range = `from=${encodeURIComponent(from.toISOString())}&to=${encodeURIComponent(to.toISOString())}`;
  const base = `/v1/accounts/${encodeURIComponent(id)}/locations?${range}`;
  const history = await api("GET", `${base}&simplify=5&limit=1000`);
  const weekAgo = new Date(from.getTime() - 6 * 86400000);
  const tz = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const motion = await api("GET", `/v1/accounts/${encodeURIComponent(id)}/motion/daily?from=${localDate(weekAgo)}&to=${date}&tz=${encodeURIComponent(tz)}`).catch(() => ({ days: [] }));

  const dayPicker = h("input", { type: "date", id: "day", value: date, max: localDate() });
  dayPicker.addEventListener("change", () => { location.hash = `#person/${encodeURIComponent(id)}/${dayPicker.value}`; });
  const mapElement = h("div", { class: "map", role: "region", "aria-label": `Map of ${item.account.name}'s path` });
  const points = history.locations.map((p) => [p.lat, p.lon]);
  replace(view,
    h("h1", {}, item.account.name),
    h("div", { class: "row" }, h("label", { for: "day" }, "Day"), dayPicker,
      h("a", { href: `${base}&format=gpx`, download: `${item.account.name}-${date}.gpx` }, "Download GPX"),
      h("a", { href: `${base}&format=geojson`, download: `${item.account.name}-${date}.geojson` }, "Download GeoJSON")),
    h("p", { id: "day-summary" }, daySummary(history.locations)),
    mapElement,
    h("h2", {}, "Steps, last 7 days"),
    barChart(motion.days.map((day) => ({ label: dayLabel(day.date), value: day.steps })), "Steps per day"));
  const map = makeMap(mapElement);
  if (points.length) window.L.polyline(points, { color: "#1b4d6b", weight: 4 }).addTo(map);
  const marker = new PositionMarker(map, item.account.name);
  marker.update(item.location);
  fit(map, points.length ? points : [marker.latLng]);
  const stop = onEvent("location", (event) => { if (event.accountId === id) marker.update(event.location); });
  return () => { stop(); map.remove(); };
}

/** "No positions this day", "1 position at 14:05", "312 positions from 08:02 to 19:40". */
function daySummary(locations) {
  if (!locations.length) return "No positions this day.";
  if (locations.length === 1) return `1 position at ${clock(locations[0].t)}.`;
  return `${locations.length} positions from ${clock(locations[0].t)} to ${clock(locations.at(-1).t)}.`;
}
