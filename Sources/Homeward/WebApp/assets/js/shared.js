// /shared#episodes/<token>: the read-only page a doctor opens from a share link.
import { h, replace, clock } from "./dom.js";
import { barChart } from "./chart.js";

async function show() {
  const view = document.getElementById("view");
  const [scope, token] = location.hash.replace(/^#/, "").split("/");
  if (scope !== "episodes" || !token) {
    replace(view, h("h1", {}, "Shared record"), h("p", { class: "error" }, "This link is incomplete."));
    return;
  }
  const base = `/v1/shared/${encodeURIComponent(token)}/episodes`;
  const response = await fetch(base, { headers: { Accept: "application/json" } });
  if (!response.ok) {
    replace(view, h("h1", {}, "Shared record"), h("p", { class: "error" }, "This link has expired or was withdrawn."));
    return;
  }
  const { episodes } = await response.json();
  const finished = episodes.filter((episode) => episode.durationSeconds);
  const average = finished.length ? finished.reduce((sum, e) => sum + e.durationSeconds, 0) / finished.length : 0;
  const byDay = new Map();
  for (const episode of episodes) {
    const day = episode.start.slice(0, 10);
    byDay.set(day, (byDay.get(day) || 0) + 1);
  }
  replace(view,
    h("h1", {}, "Headache record"),
    h("p", {}, `${episodes.length} episodes; finished ones lasted ${Math.round(average / 60)} minutes on average. `,
      h("a", { href: `${base}?format=csv`, download: "episodes.csv" }, "Download as CSV")),
    barChart([...byDay.entries()].sort().slice(-14).map(([day, count]) => ({ label: day.slice(5), value: count })), "Episodes per day"),
    h("table", { id: "shared-episodes" }, h("caption", { class: "muted" }, "Episodes, newest first"),
      h("thead", {}, h("tr", {}, ["Started", "Lasted", "Temperature", "Humidity", "Note"].map((title) => h("th", { scope: "col" }, title)))),
      h("tbody", {}, episodes.map((episode) => h("tr", {},
        h("td", {}, `${new Date(episode.start).toLocaleDateString()} ${clock(episode.start)}`),
        h("td", {}, episode.durationSeconds ? `${Math.round(episode.durationSeconds / 60)} min` : "ongoing"),
        h("td", {}, episode.conditions && episode.conditions.temperatureC !== undefined ? `${episode.conditions.temperatureC} °C` : "–"),
        h("td", {}, episode.conditions && episode.conditions.humidity !== undefined ? `${episode.conditions.humidity} %` : "–"),
        h("td", {}, episode.note || ""))))));
}

show();
