// Journal and episodes: enter water, food, exercise and sleep; day totals as charts; headache
// episodes started and ended; a read-only link for a doctor.
import { api } from "../api.js";
import { h, replace, form, announce, localDate, clock, day as dayText, dayLabel } from "../dom.js";
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
  const shares = h("div", { id: "shares" });
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
      barChart(days.map((day) => ({ label: dayLabel(day.date), value: day.waterMillilitres })), "Water per day, millilitres"),
      barChart(days.map((day) => ({ label: dayLabel(day.date), value: day.exerciseMinutes })), "Exercise per day, minutes"));
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
    share.addEventListener("click", async () => {
      const created = await api("POST", "/v1/shares", { scope: "episodes", expiresInSeconds: 7 * 86400 });
      rememberShare(created.id, `${location.origin}/shared#episodes/${created.token}`);
      announce("Link made: copy it and send it to your doctor.");
      await loadShares();
    });
    replace(episodes, h("div", { class: "row" }, toggle, share), shares,
      list.length ? h("table", {}, h("caption", { class: "muted" }, "Recent headaches"),
        h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "Started"), h("th", { scope: "col" }, "Lasted"))),
        h("tbody", {}, list.slice(0, 10).map((episode) => h("tr", {},
          h("td", {}, `${dayText(episode.start)} ${clock(episode.start)}`),
          h("td", {}, episode.durationSeconds ? (episode.durationSeconds < 60 ? "under a minute" : `${Math.round(episode.durationSeconds / 60)} min`) : "still going"))))) : null);
  }
  /** The links that still work: copy (where this browser made it), withdraw. */
  async function loadShares() {
    const { shares: links } = await api("GET", "/v1/shares");
    const known = knownShares();
    replace(shares, links.length ? [h("h3", {}, "Links that still work"), h("ul", { class: "shares", id: "share-list" }, links.map((link) => {
      const address = known[link.id];
      const copy = h("button", { type: "button", class: "copy" }, "Copy link");
      copy.addEventListener("click", async () => {
        try {
          await navigator.clipboard.writeText(address);
          announce("Link copied: paste it into a message to your doctor.");
        } catch {
          window.getSelection().selectAllChildren(shown);
          announce("Select the link and copy it.");
        }
      });
      const withdraw = h("button", { type: "button", class: "secondary withdraw" }, "Withdraw");
      withdraw.addEventListener("click", async () => {
        if (!confirm("Withdraw this link? Whoever has it can no longer open your record.")) return;
        await api("DELETE", `/v1/shares/${encodeURIComponent(link.id)}`);
        forgetShare(link.id);
        announce("Link withdrawn.");
        await loadShares();
      });
      const shown = address ? h("a", { href: address, class: "share-address" }, address) : null;
      return h("li", { class: "card", "data-share": link.id },
        h("strong", {}, link.scope === "episodes" ? "Headache record" : "Where you were"),
        h("p", { class: "muted" }, `Made ${dayText(link.createdAt)}, works until ${dayText(link.expiresAt)}, ${clock(link.expiresAt)}.`),
        shown ? h("p", {}, shown) : h("p", { class: "muted" }, "Made on another device: the link is shown only where it was made."),
        h("div", { class: "row" }, address ? copy : null, withdraw));
    }))] : null);
  }

  await Promise.all([loadTotals(), loadEpisodes()]);
  await loadShares();
}

/** Where this browser keeps the addresses of the links it made (the server keeps no token). */
const sharesKey = "homeward-shares";
const knownShares = () => { try { return JSON.parse(localStorage.getItem(sharesKey)) || {}; } catch { return {}; } };
function rememberShare(id, address) {
  localStorage.setItem(sharesKey, JSON.stringify({ ...knownShares(), [id]: address }));
}
function forgetShare(id) {
  const known = knownShares();
  delete known[id];
  localStorage.setItem(sharesKey, JSON.stringify(known));
}
