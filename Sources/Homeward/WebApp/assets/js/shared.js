// /shared#episodes/<token>: the read-only page a doctor opens from a share link: whose record, which
// dates, the episodes newest first, a download and a print button.
import { h, replace, clock, day, dayLabel } from "./dom.js";
import { barChart } from "./chart.js";

/** Episodes asked for per page, and the most pages read (a long record is also in the CSV). */
const pageSize = 1000;
const maxPages = 10;

/** "from Mon 3 Nov 2026 to Thu 27 Nov 2026", or "on Mon 3 Nov 2026" for one day (newest first). */
function dates(episodes) {
  const first = day(episodes.at(-1).start), last = day(episodes[0].start);
  return first === last ? `on ${first}` : `from ${first} to ${last}`;
}

/** "45 min", "under a minute". */
const minutes = (seconds) => (seconds < 60 ? "under a minute" : `${Math.round(seconds / 60)} min`);

async function show() {
  const view = document.getElementById("view");
  const [scope, token] = location.hash.replace(/^#/, "").split("/");
  if (scope !== "episodes" || !token) {
    replace(view, h("h1", {}, "Shared record"), h("p", { class: "error" }, "This link is incomplete: ask for it again."));
    return;
  }
  const base = `/v1/shared/${encodeURIComponent(token)}/episodes`;
  const read = async (path) => {
    const response = await fetch(path, { headers: { Accept: "application/json" } });
    return response.ok ? response.json() : null;
  };
  const about = await read(`${base}/about`);
  const episodes = [];
  let page = about && await read(`${base}?limit=${pageSize}`);
  for (let count = 1; page; count++) {
    episodes.push(...page.episodes);
    page = page.nextCursor && count < maxPages ? await read(`${base}?limit=${pageSize}&cursor=${encodeURIComponent(page.nextCursor)}`) : null;
  }
  if (!about) {
    replace(view, h("h1", {}, "Shared record"), h("p", { class: "error" }, "This link has expired or was withdrawn. Ask for a new one."));
    return;
  }
  episodes.sort((a, b) => (a.start < b.start ? 1 : a.start > b.start ? -1 : 0));
  const finished = episodes.filter((episode) => episode.durationSeconds);
  const average = finished.length ? finished.reduce((sum, e) => sum + e.durationSeconds, 0) / finished.length : 0;
  const byDay = new Map();
  for (const episode of episodes) {
    const started = new Date(episode.start);
    const date = `${started.getFullYear()}-${String(started.getMonth() + 1).padStart(2, "0")}-${String(started.getDate()).padStart(2, "0")}`;
    byDay.set(date, (byDay.get(date) || 0) + 1);
  }
  document.title = `Headache record of ${about.name} · Homeward`;
  const print = h("button", { type: "button", class: "secondary no-print", id: "print" }, "Print");
  print.addEventListener("click", () => window.print());
  const cell = (label, ...content) => h("td", { "data-label": label }, ...content);
  replace(view,
    h("h1", {}, `Headache record of ${about.name}`),
    h("p", { id: "shared-range" }, episodes.length ? `${episodes.length} episode${episodes.length === 1 ? "" : "s"} ${dates(episodes)}.` : "No episodes recorded yet.",
      finished.length ? ` Finished ones lasted ${minutes(average)} on average.` : ""),
    h("p", { class: "muted" }, `Read-only, shared by ${about.name}. This link works until ${day(about.expiresAt)}, ${clock(about.expiresAt)}.`),
    h("div", { class: "row no-print" }, print, h("a", { href: `${base}?format=csv`, download: "episodes.csv" }, "Download as a spreadsheet (CSV)")),
    episodes.length ? barChart([...byDay.entries()].sort().slice(-14).map(([date, count]) => ({ label: dayLabel(date), value: count })), "Episodes per day, last 14 days with episodes") : null,
    episodes.length ? h("table", { id: "shared-episodes", class: "stacking" }, h("caption", {}, "Episodes, newest first"),
      h("thead", {}, h("tr", {}, ["Started", "Lasted", "Temperature", "Humidity", "Note"].map((title) => h("th", { scope: "col" }, title)))),
      h("tbody", {}, episodes.map((episode) => h("tr", {},
        cell("Started", `${day(episode.start)} ${clock(episode.start)}`),
        cell("Lasted", episode.durationSeconds ? minutes(episode.durationSeconds) : "still going"),
        cell("Temperature", episode.conditions && episode.conditions.temperatureC !== undefined ? `${episode.conditions.temperatureC} °C` : "–"),
        cell("Humidity", episode.conditions && episode.conditions.humidity !== undefined ? `${episode.conditions.humidity} %` : "–"),
        cell("Note", episode.note || "–"))))) : null);
}

show();
