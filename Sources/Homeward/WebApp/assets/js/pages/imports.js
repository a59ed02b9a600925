// "Import history": a person (or a guardian, for someone they look after) brings years of positions
// in from a file; the upload and the import show as one progress bar, the result in plain words.
import { api, currentCSRFToken } from "../api.js";
import { h, replace, field, when as moment } from "../dom.js";
import { onEvent } from "../events.js";

/** "1,204,311". */
function count(value) {
  return Number(value || 0).toLocaleString("en-US");
}

/** "2014-03" of a time. */
function month(time) {
  return time ? time.slice(0, 7) : "";
}

/** Seconds as "about 3 minutes left". */
function timeLeft(seconds) {
  if (seconds === null || seconds === undefined) return "";
  if (seconds < 60) return "less than a minute left";
  if (seconds < 5400) return `about ${Math.round(seconds / 60)} minutes left`;
  return `about ${Math.round(seconds / 3600)} hours left`;
}

/** A reason from the server ("line 3, locations[1]: expected latitudeE7 and longitudeE7") in words. */
export function reasonInWords(reason) {
  const cut = reason.match(/^(.*?): cut off: (.*)$/);
  if (cut) return `The file is cut off at ${cut[1]}: ${cut[2]}.`;
  const expected = reason.match(/^(.*?): expected (.*)$/);
  if (expected) return `At ${expected[1]}, ${expected[2]} was expected.`;
  return reason;
}

/** Metres around a learned place's centre that count as the place (the server's place radius). */
const placeRadiusMetres = 100;

/** The names of the learned places, from their own names or the safe zone they lie in. */
function placeNames(places, zones) {
  const within = (place, zone) => {
    if (!zone.center) return false;
    const north = (place.lat - zone.center.lat) * 111320;
    const east = (place.lon - zone.center.lon) * 111320 * Math.cos(place.lat * Math.PI / 180);
    return Math.hypot(north, east) <= zone.radius + placeRadiusMetres;
  };
  return places.map((place) => place.name || (zones.find((zone) => within(place, zone)) || {}).name).filter(Boolean);
}

/** "1,204,311 positions from 2014-03 to 2024-11; 312 duplicates" ("in 2024-11" for one month). */
export function importSentence(item) {
  const [first, last] = [month(item.from), month(item.to)];
  const range = !first || !last ? "" : first === last ? ` in ${first}` : ` from ${first} to ${last}`;
  return `${count(item.positions)} positions${range}; ${count(item.duplicates)} duplicates`;
}

/** What became of an import, in plain words (without the places). */
function outcome(item) {
  const skipped = item.rejected && item.rejected.count
    ? ` ${count(item.rejected.count)} entries could not be used, for example: ${reasonInWords(item.rejected.reasons[0])}` : "";
  switch (item.state) {
    case "running": return `Importing: ${count(item.positions)} positions so far. ${timeLeft(item.etaSeconds)}`;
    case "done": return `${importSentence(item)}.${skipped}`;
    case "stopped": return `${importSentence(item)}. Reading stopped early. ${reasonInWords(item.problem || "")} What came before is kept.${skipped}`;
    case "cancelled": return "Cancelled: nothing of this file was kept.";
    case "failed": return "The import failed and nothing of it was kept. Try again; if it fails again, tell whoever runs Homeward.";
    case "undone": return `Undone: its ${count(item.positions)} positions were taken out again.`;
    default: return item.state;
  }
}

/** The panel: whose history, the file, the progress bar, cancel, the result and earlier imports. */
export async function importPanel(session) {
  const { dependents } = await api("GET", "/v1/dependents");
  const people = [[session.account.id, `Me (${session.account.name})`],
    ...dependents.map((d) => [d.account.id, d.account.name])];
  const whose = field("Whose history", { id: "import-whose", options: people }, "select");
  const file = field("History file", { id: "import-file", type: "file",
    accept: ".json,.geojson,.gpx,.kml,.kmz,.csv,.rec,.gz,.zip,application/json,application/zip,application/gzip" });
  const start = h("button", { type: "button", id: "import-start" }, "Import");
  const cancel = h("button", { type: "button", class: "secondary", id: "import-cancel", hidden: true }, "Cancel");
  const bar = h("progress", { id: "import-progress", max: 100, value: 0, hidden: true, "aria-label": "Import progress" });
  const status = h("p", { id: "import-status", role: "status" });
  const list = h("ul", { class: "imports", id: "import-list" });
  let current = null;
  let upload = null;

  const accountID = () => whose.control.value;
  const base = () => `/v1/accounts/${encodeURIComponent(accountID())}/imports`;

  async function finished(item) {
    bar.hidden = true;
    cancel.hidden = true;
    start.disabled = false;
    current = null;
    let text = outcome(item);
    if (item.state === "done" || item.state === "stopped") {
      const [{ places }, { zones }] = await Promise.all([
        api("GET", `/v1/accounts/${encodeURIComponent(item.accountId)}/places`),
        api("GET", `/v1/accounts/${encodeURIComponent(item.accountId)}/zones`).catch(() => ({ zones: [] })),
      ]);
      const names = placeNames(places, zones);
      text = text.replace(/\.(\s|$)/, `; ${places.length} ${places.length === 1 ? "place" : "places"} learned${names.length ? `: ${names.join(", ")}` : ""}.$1`);
    }
    status.textContent = text;
    await showList();
  }

  function progress(item) {
    if (!current || item.id !== current) return;
    if (item.state !== "running") { finished(item); return; }
    if (item.totalBytes) bar.value = Math.min(100, 50 + 50 * item.bytesRead / item.totalBytes);
    status.textContent = outcome(item);
  }
  const stopListening = onEvent("import", progress);

  async function showList() {
    const { imports } = await api("GET", base());
    replace(list, imports.filter((item) => item.state !== "running").slice(0, 5).map((item) => {
      const undo = h("button", { type: "button", class: "secondary" }, "Undo this import");
      undo.addEventListener("click", async () => {
        undo.disabled = true;
        try {
          const after = await api("DELETE", `${base()}/${encodeURIComponent(item.id)}`);
          status.textContent = outcome(after);
          await showList();
        } catch (error) {
          status.textContent = error.message;
          undo.disabled = false;
        }
      });
      return h("li", { class: "card stack" }, h("strong", {}, `Imported ${moment(item.createdAt)}`), h("p", {}, outcome(item)),
        ["done", "stopped"].includes(item.state) ? undo : null);
    }));
  }

  start.addEventListener("click", () => {
    const chosen = file.control.files[0];
    if (!chosen) { status.textContent = "Choose a file first."; return; }
    start.disabled = true;
    bar.hidden = false;
    bar.value = 0;
    cancel.hidden = false;
    status.textContent = "Sending the file…";
    // XMLHttpRequest reports the upload's progress, which fetch does not: the first half of the bar.
    upload = new XMLHttpRequest();
    upload.open("POST", base());
    upload.setRequestHeader("Content-Type", "application/octet-stream");
    upload.setRequestHeader("X-CSRF-Token", currentCSRFToken() || "");
    upload.upload.addEventListener("progress", (event) => {
      if (event.lengthComputable) bar.value = 50 * event.loaded / event.total;
    });
    upload.addEventListener("load", async () => {
      const sent = upload;
      upload = null;
      let body = {};
      try { body = JSON.parse(sent.responseText); } catch { /* not JSON: the status says enough */ }
      if (sent.status !== 202) {
        bar.hidden = true;
        cancel.hidden = true;
        start.disabled = false;
        const message = (body.error && body.error.message) || "The file could not be sent.";
        status.textContent = sent.status === 413 ? "The file is too large for this server." : reasonInWords(message.replace(/^The file cannot be imported: (.*)\.$/, "$1"));
        return;
      }
      current = body.id;
      bar.value = 50;
      status.textContent = "Importing…";
      progress(await api("GET", `${base()}/${encodeURIComponent(body.id)}`));
    });
    upload.addEventListener("error", () => {
      upload = null;
      bar.hidden = true;
      cancel.hidden = true;
      start.disabled = false;
      status.textContent = "The server cannot be reached. Check the connection.";
    });
    upload.send(chosen);
  });

  cancel.addEventListener("click", async () => {
    if (upload) {
      upload.abort();
      upload = null;
      bar.hidden = true;
      cancel.hidden = true;
      start.disabled = false;
      status.textContent = "Cancelled: nothing of this file was kept.";
      return;
    }
    if (!current) return;
    cancel.disabled = true;
    status.textContent = "Cancelling…";
    try {
      const after = await api("DELETE", `${base()}/${encodeURIComponent(current)}`);
      await finished(after);
    } finally {
      cancel.disabled = false;
    }
  });
  whose.control.addEventListener("change", () => { status.textContent = ""; showList(); });

  const panel = h("section", { class: "card stack", id: "import-panel", "aria-labelledby": "import-title" },
    h("h2", { id: "import-title" }, "Import history"),
    h("p", {}, "Bring in years of positions: Google Timeline (a Takeout export or the phone's Timeline export), GPX, KML, "
      + "GeoJSON, CSV or OwnTracks files, as they are, zipped or gzipped. Homeward learns the usual places from them at once; "
      + "old positions never raise alerts."),
    people.length > 1 ? [whose.label, whose.control] : null, file.label, file.control, start, bar, cancel, status, list);
  await showList();
  return { panel, stop: stopListening };
}
