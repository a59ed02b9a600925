// Journal and episodes: enter water, food, exercise and sleep; day totals as charts; headache
// episodes started and ended; a read-only link for a doctor.
import { api } from "../api.js";
import { h, replace, form, announce, localDate, clock } from "../dom.js";
import { barChart } from "../chart.js";

const kinds = {
  water: [{ label: "Millilitres", attributes: { name: "millilitres", type: "number", min: 1, required: true, value: 250 } }],
  food: [
    { label: "What", attributes: { name: "name", required: true } },
    { label: "Servings", attributes: { name: "servings", type: "number", min: 0.1, step: 0.1, required: true, value: 1 } },
    { label: "Calories (optional)", attributes: { name: "calories", type: "number", min: 0 } },
  ],
  exercise: [
    { label: "What", attributes: { name: "name", required: true } },
    { label: "Minutes", attributes: { name: "minutes", type: "number", min: 1, required: true, value: 30 } },
  ],
  sleep: [
    { label: "Fell asleep", attributes: { name: "start", type: "datetime-local", required: true } },
    { label: "Woke up", attributes: { name: "end", type: "datetime-local", required: true } },
  ],
};

/** The journal page; `kind` picks the entry form (water by default). */
export async function showJournal(view, session, [kind = "water"]) {
  const picker = h("nav", { class: "row", "aria-label": "Kind of entry" }, Object.keys(kinds).map((name) =>
    h("a", { href: `#journal/${name}`, "aria-current": name === kind ? "page" : null }, name[0].toUpperCase() + name.slice(1))));
  const entryForm = form(kinds[kind] || kinds.water, "Add", async (values, element) => {
    const body = { kind, t: new Date().toISOString() };
    for (const [name, value] of Object.entries(values)) {
      if (value === "") continue;
      body[name] = ["start", "end"].includes(name) ? new Date(value).toISOString() : (Number.isNaN(Number(value)) ? value : Number(value));
    }
    await api("POST", "/v1/journal", body);
    announce("Saved.");
    element.reset();
    await loadTotals();
  }, { id: "journal-form", "aria-label": `New ${kind} entry` });
  const totals = h("div", { id: "journal-totals" });
  const episodes = h("div", { id: "episodes" });
  replace(view, h("h1", {}, "Journal"), picker, entryForm, h("h2", {}, "Last 7 days"), totals, h("h2", {}, "Headaches"), episodes);

  async function loadTotals() {
    const to = localDate();
    const from = localDate(new Date(Date.now() - 6 * 86400000));
    const tz = encodeURIComponent(Intl.DateTimeFormat().resolvedOptions().timeZone);
    const { days } = await api("GET", `/v1/journal/daily?from=${from}&to=${to}&tz=${tz}`);
    const today = days.find((day) => day.date === to) || {};
    replace(totals,
      h("dl", { class: "facts", id: "today-totals" },
        h("dt", {}, "Water today"), h("dd", {}, `${today.waterMillilitres || 0} ml`),
        h("dt", {}, "Calories today"), h("dd", {}, String(today.calories || 0)),
        h("dt", {}, "Exercise today"), h("dd", {}, `${today.exerciseMinutes || 0} min`),
        h("dt", {}, "Sleep last night"), h("dd", {}, `${Math.round((today.sleepMinutes || 0) / 6) / 10} h`)),
      barChart(days.map((day) => ({ label: day.date.slice(5), value: day.waterMillilitres })), "Water per day, millilitres"),
      barChart(days.map((day) => ({ label: day.date.slice(5), value: day.exerciseMinutes })), "Exercise per day, minutes"));
  }

  async function loadEpisodes() {
    const { episodes: list } = await api("GET", "/v1/episodes?kind=headache");
    const open = list.find((episode) => !episode.end);
    const toggle = h("button", { type: "button", id: "episode-toggle" }, open ? "The headache stopped" : "A headache started");
    toggle.addEventListener("click", async () => {
      if (open) await api("PATCH", `/v1/episodes/${encodeURIComponent(open.id)}`, { end: new Date().toISOString() });
      else await api("POST", "/v1/episodes", { kind: "headache", start: new Date().toISOString() });
      await loadEpisodes();
    });
    const share = h("button", { type: "button", class: "secondary", id: "share-episodes" }, "Share with my doctor (7 days)");
    const shared = h("p", { id: "share-link" });
    share.addEventListener("click", async () => {
      const created = await api("POST", "/v1/shares", { scope: "episodes", expiresInSeconds: 7 * 86400 });
      const address = `${location.origin}/shared#episodes/${created.token}`;
      replace(shared, "Read-only link: ", h("a", { href: address, id: "share-address" }, address));
    });
    replace(episodes, h("div", { class: "row" }, toggle, share), shared,
      list.length ? h("table", {}, h("caption", { class: "muted" }, "Recent headaches"),
        h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "Started"), h("th", { scope: "col" }, "Lasted"))),
        h("tbody", {}, list.slice(0, 10).map((episode) => h("tr", {},
          h("td", {}, `${new Date(episode.start).toLocaleDateString()} ${clock(episode.start)}`),
          h("td", {}, episode.durationSeconds ? `${Math.round(episode.durationSeconds / 60)} min` : "ongoing"))))) : null);
  }
  await Promise.all([loadTotals(), loadEpisodes()]);
}
