// Safe zones, map first: the person's latest position and their zones on the map; draw a circle
// (tap the centre, drag the centre or the edge) or a polygon (tap its corners, drag them), name it,
// and optionally limit it to some days and times; change or delete a zone. Below them, the places
// the server learned from the person's own days: name them, mark one as not usual, or switch the
// learning off.
import { api } from "../api.js";
import { h, replace, field, announce, distance } from "../dom.js";
import { makeMap, fit, PositionMarker, drawZones, textLabel } from "../map.js";
import { zonePlaces, placeAt } from "../places.js";

const weekdays = [["mon", "Mon"], ["tue", "Tue"], ["wed", "Wed"], ["thu", "Thu"], ["fri", "Fri"], ["sat", "Sat"], ["sun", "Sun"]];

/** The zones page for the account `id`: by default the first person one looks after, else oneself. */
export async function showZones(view, session, [chosen] = []) {
  const { dependents } = await api("GET", "/v1/dependents");
  const people = [...dependents.map((d) => d.account), { id: session.account.id, name: `${session.account.name} (you)` }];
  const id = chosen || people[0].id;
  const who = field("Whose zones", { id: "zone-person", options: people.map((p) => [p.id, p.name]) }, "select");
  who.control.value = id;
  who.control.addEventListener("change", () => { location.hash = `#zones/${encodeURIComponent(who.control.value)}`; });
  const personName = (people.find((p) => p.id === id) || people[0]).name.replace(/ \(you\)$/, "");

  const heading = h("h2", { id: "zone-form-title" }, "New zone");
  const mode = field("Shape", { id: "zone-shape", options: [["circle", "Circle"], ["polygon", "Corners (tap each one)"]] }, "select");
  const name = field("Name", { id: "zone-name", name: "name", required: true, maxlength: 100, placeholder: "e.g. Home, Park, Day centre" });
  const home = field("This is their home", { id: "zone-home", type: "checkbox" });
  const radius = field("Size: metres from the centre to the edge", { id: "zone-radius", type: "number", min: 20, max: 50000, step: 1, value: 150 });
  const alone = field("Warn me if they leave it with none of us nearby", { id: "zone-unaccompanied", type: "checkbox" });
  const aloneWithin = field("“Nearby” means within (metres)", { id: "zone-unaccompanied-within", type: "number", min: 20, max: 5000, step: 1, value: 200 });
  const dayChips = weekdays.map(([value, text]) => {
    const chip = h("button", { type: "button", class: "chip", "aria-pressed": "false", "data-day": value }, text);
    chip.addEventListener("click", () => {
      chip.setAttribute("aria-pressed", String(chip.getAttribute("aria-pressed") !== "true"));
      describeSchedule();
    });
    return chip;
  });
  const from = field("From", { id: "zone-from", type: "time" });
  const until = field("Until", { id: "zone-until", type: "time" });
  const scheduleInfo = h("p", { class: "muted", id: "zone-schedule-info", "aria-live": "polite" });
  const more = h("details", { class: "more", id: "zone-more" }, h("summary", {}, "Only on some days, or a warning when they leave alone"),
    h("fieldset", { class: "plain" }, h("legend", {}, "Days it applies (none chosen: every day, all day)"), h("div", { class: "chips" }, dayChips)),
    h("div", { class: "pair" }, h("div", { class: "stack" }, from.label, from.control), h("div", { class: "stack" }, until.label, until.control)),
    scheduleInfo,
    h("div", { class: "check" }, alone.control, alone.label), aloneWithin.label, aloneWithin.control);
  const atCentre = h("button", { type: "button", class: "secondary", id: "zone-at-centre" }, "Put it at the map's centre");
  const shapeInfo = h("p", { id: "zone-shape-info", class: "hint", "aria-live": "polite" });
  const save = h("button", { type: "submit", id: "zone-save" }, "Save zone");
  const clear = h("button", { type: "button", class: "secondary", id: "zone-clear" }, "Start over");
  const cancel = h("button", { type: "button", class: "secondary", id: "zone-cancel", hidden: true }, "Stop changing");
  const message = h("p", { class: "error", role: "alert" });
  const radiusRow = h("div", { class: "stack" }, radius.label, radius.control);
  const zoneForm = h("form", { class: "card", id: "zone-form", "aria-labelledby": "zone-form-title" },
    heading, h("div", { class: "row" }, atCentre), name.label, name.control,
    h("div", { class: "check" }, home.control, home.label), radiusRow, mode.label, mode.control, more,
    h("div", { class: "row" }, save, clear, cancel), message);
  const list = h("ul", { id: "zone-list", class: "zone-list" });
  const learning = field("Learn this person's usual places and times", { id: "routine-learning", type: "checkbox" });
  const learnedSummary = h("p", { id: "places-summary", class: "muted", "aria-live": "polite" });
  const placeList = h("ul", { id: "place-list" });
  const placesSection = h("section", { class: "card", "aria-labelledby": "places-title" },
    h("h2", { id: "places-title" }, "Learned places"),
    h("p", { class: "muted" }, "Where they stay at least 10 minutes on two days or more. Going there at the usual times is never called wandering; mark a place not usual if it should be."),
    h("div", { class: "row" }, learning.control, learning.label), learnedSummary, placeList);
  const mapElement = h("div", { class: "map", id: "zone-map", role: "region", "aria-label": `Map for drawing ${personName}'s zones` });
  replace(view, h("h1", {}, "Safe zones"),
    h("div", { class: "stack narrow" }, who.label, who.control),
    // What to do on the map is said above it: on a phone the form is below the fold.
    h("div", { class: "split map-first" }, h("div", { class: "stack" }, shapeInfo, mapElement),
      h("div", {}, zoneForm, h("h2", {}, `${personName}'s zones`), list)),
    placesSection);

  const L = window.L;
  const map = makeMap(mapElement);
  const existing = L.layerGroup().addTo(map);
  const drawn = L.layerGroup().addTo(map);
  const learned = L.layerGroup().addTo(map);
  const here = await api("GET", `/v1/accounts/${encodeURIComponent(id)}/location`).catch(() => null);
  const position = new PositionMarker(map, personName);
  if (here && here.location) {
    position.update(here.location);
    map.setView([here.location.lat, here.location.lon], 16);
  }
  let zones = [];
  let editing = null;
  // A zone may have more watch times than the form shows (set through the API): they are kept.
  let otherWindows = [];
  let circle = null, centreHandle = null, edgeHandle = null, vertices = [], corners = [], outline = null, draggedAt = 0;

  const chosenDays = () => dayChips.filter((chip) => chip.getAttribute("aria-pressed") === "true").map((chip) => chip.dataset.day);
  function describeSchedule() {
    const days = chosenDays();
    const times = from.control.value || until.control.value ? ` from ${from.control.value || "00:00"} until ${until.control.value || "23:59"}` : " all day";
    scheduleInfo.textContent = days.length || from.control.value || until.control.value
      ? `Applies ${days.length ? `on ${days.map((d) => weekdays.find(([v]) => v === d)[1]).join(", ")}` : "every day"}${times}.`
      : otherWindows.length ? "" : "Applies every day, all day.";
    if (otherWindows.length) {
      scheduleInfo.textContent += ` ${otherWindows.length === 1 ? "One more watch time is kept as it is" : `${otherWindows.length} more watch times are kept as they are`}: ${otherWindows.map((w) => `${w.days.length === weekdays.length ? "every day" : w.days.map((d) => weekdays.find(([v]) => v === d)[1]).join(", ")} ${w.start}–${w.end}`).join("; ")}.`;
    }
  }
  from.control.addEventListener("input", describeSchedule);
  until.control.addEventListener("input", describeSchedule);

  function showShapeInfo() {
    if (mode.control.value === "circle") {
      shapeInfo.textContent = circle
        ? `A circle of ${distance(circle.getRadius())} around the dot. Drag the middle dot to move it, the white edge dot (or type the size) to make it bigger or smaller. Then name it below and press “${save.textContent}”.`
        : "Tap the map where the middle of the zone should be.";
    } else {
      shapeInfo.textContent = vertices.length
        ? `${vertices.length} corner${vertices.length === 1 ? "" : "s"}${vertices.length < 3 ? " (at least 3)" : ""}. Tap for the next corner; drag a corner to move it.`
        : "Tap each corner of the zone on the map.";
    }
    radiusRow.hidden = mode.control.value !== "circle";
    atCentre.hidden = mode.control.value !== "circle";
  }

  function resetShape() {
    drawn.clearLayers();
    circle = centreHandle = edgeHandle = outline = null;
    vertices = [];
    corners = [];
    showShapeInfo();
  }
  function resetForm() {
    editing = null;
    otherWindows = [];
    zoneForm.reset();
    for (const chip of dayChips) chip.setAttribute("aria-pressed", "false");
    heading.textContent = "New zone";
    save.textContent = "Save zone";
    cancel.hidden = true;
    resetShape();
    describeSchedule();
    drawExisting();
  }
  clear.addEventListener("click", resetShape);
  cancel.addEventListener("click", resetForm);
  mode.control.addEventListener("change", resetShape);

  /** The point `metres` east of `centre`, where the edge handle sits. */
  const eastOf = (centre, metres) => L.latLng(centre.lat, centre.lng + metres / (111320 * Math.cos(centre.lat * Math.PI / 180)));
  const handleIcon = (className) => L.divIcon({ className, iconSize: [22, 22] });

  function placeCircle(centre, metres) {
    resetShape();
    circle = L.circle(centre, { radius: metres, color: "#9a5b00" }).addTo(drawn);
    centreHandle = L.marker(centre, { draggable: true, keyboard: true, title: "Drag to move the zone", alt: "Middle of the zone",
      icon: handleIcon("centre-handle") }).addTo(drawn);
    edgeHandle = L.marker(eastOf(centre, metres), { draggable: true, keyboard: true, title: "Drag to change the size", alt: "Edge of the zone",
      icon: handleIcon("radius-handle") }).addTo(drawn);
    for (const handle of [centreHandle, edgeHandle]) handle.on("dragend", () => { draggedAt = Date.now(); });
    centreHandle.on("drag", () => {
      circle.setLatLng(centreHandle.getLatLng());
      edgeHandle.setLatLng(eastOf(centreHandle.getLatLng(), circle.getRadius()));
    });
    edgeHandle.on("drag", () => {
      circle.setRadius(Math.max(20, map.distance(circle.getLatLng(), edgeHandle.getLatLng())));
      radius.control.value = String(Math.round(circle.getRadius()));
      showShapeInfo();
    });
    showShapeInfo();
  }

  function addCorner(at) {
    const index = vertices.length;
    vertices.push(at);
    if (outline) outline.setLatLngs(vertices);
    else outline = L.polygon(vertices, { color: "#9a5b00" }).addTo(drawn);
    const corner = L.marker(at, { draggable: true, keyboard: true, title: "Drag to move this corner", alt: `Corner ${index + 1}`,
      icon: handleIcon("corner-handle") }).addTo(drawn);
    corner.on("drag", () => { vertices[index] = corner.getLatLng(); outline.setLatLngs(vertices); });
    corner.on("dragend", () => { draggedAt = Date.now(); });
    corners.push(corner);
    showShapeInfo();
  }

  radius.control.addEventListener("input", () => {
    const metres = Number(radius.control.value);
    if (!circle || !(metres >= 20)) return;
    circle.setRadius(metres);
    edgeHandle.setLatLng(eastOf(circle.getLatLng(), metres));
    showShapeInfo();
  });
  atCentre.addEventListener("click", () => map.fire("click", { latlng: map.getCenter() }));

  map.on("click", (event) => {
    if (Date.now() - draggedAt < 500) return; // the end of dragging a handle is no new tap
    if (mode.control.value === "circle") placeCircle(event.latlng, circle ? circle.getRadius() : Math.max(20, Number(radius.control.value) || 150));
    else addCorner(event.latlng);
  });

  /** Fills the form with `zone` and makes its shape draggable. */
  function edit(zone) {
    resetForm();
    editing = zone;
    heading.textContent = `Change ${zone.name}`;
    save.textContent = "Save changes";
    cancel.hidden = false;
    name.control.value = zone.name;
    home.control.checked = zone.home;
    alone.control.checked = Boolean(zone.unaccompanied);
    if (zone.unaccompanied) aloneWithin.control.value = String(zone.unaccompanied.withinMetres);
    const slot = zone.schedule && zone.schedule[0];
    otherWindows = (zone.schedule || []).slice(1);
    if (slot) {
      const everyDay = slot.days.length === weekdays.length;
      for (const chip of dayChips) chip.setAttribute("aria-pressed", String(!everyDay && slot.days.includes(chip.dataset.day)));
      from.control.value = slot.start;
      until.control.value = slot.end;
    }
    more.open = Boolean(slot || zone.unaccompanied);
    describeSchedule();
    mode.control.value = zone.center ? "circle" : "polygon";
    drawExisting();
    if (zone.center) {
      radius.control.value = String(Math.round(zone.radius));
      placeCircle(L.latLng(zone.center.lat, zone.center.lon), zone.radius);
      map.fitBounds(circle.getBounds(), { padding: [40, 40] });
    } else {
      resetShape();
      for (const p of zone.polygon) addCorner(L.latLng(p.lat, p.lon));
      fit(map, zone.polygon.map((p) => [p.lat, p.lon]));
    }
    mapElement.scrollIntoView({ block: "start", behavior: "smooth" });
    name.control.focus({ preventScroll: true });
  }

  zoneForm.addEventListener("submit", async (event) => {
    event.preventDefault();
    message.textContent = "";
    const body = { name: name.control.value.trim() };
    if (mode.control.value === "circle") {
      if (!circle) { message.textContent = "First tap the map where the middle of the zone should be."; return; }
      const centre = circle.getLatLng();
      body.center = { lat: centre.lat, lon: centre.lng };
      body.radius = Math.round(circle.getRadius());
    } else {
      if (vertices.length < 3) { message.textContent = "Tap at least three corners on the map."; return; }
      body.polygon = vertices.map((v) => ({ lat: v.lat, lon: v.lng }));
    }
    body.home = home.control.checked;
    if (alone.control.checked) body.unaccompanied = { withinMetres: Number(aloneWithin.control.value) || 200 };
    // One time zone for all of a person's zones: theirs if they have some, else this browser's.
    const others = zones.filter((zone) => !editing || zone.id !== editing.id);
    // A zone being changed keeps its own (a hotel abroad is watched by its own clock).
    body.timeZone = editing && editing.timeZone ? editing.timeZone
      : others.length ? others[0].timeZone : Intl.DateTimeFormat().resolvedOptions().timeZone;
    const days = chosenDays();
    const windows = [];
    if (days.length || from.control.value || until.control.value) {
      windows.push({ days: days.length ? days : weekdays.map(([value]) => value), start: from.control.value || "00:00", end: until.control.value || "23:59" });
    }
    windows.push(...otherWindows);
    if (windows.length) body.schedule = windows;
    // A double tap saves once: the button waits for the answer.
    if (save.disabled) return;
    save.disabled = true;
    try {
      if (editing) await api("PUT", `/v1/zones/${encodeURIComponent(editing.id)}`, body);
      else await api("POST", `/v1/accounts/${encodeURIComponent(who.control.value)}/zones`, body);
      announce(`${body.name} saved.`);
      resetForm();
      await load();
    } catch (error) {
      message.textContent = error.message;
    } finally {
      save.disabled = false;
    }
  });

  function drawExisting() {
    existing.clearLayers();
    drawZones(existing, zones.filter((zone) => !editing || zone.id !== editing.id));
  }

  async function load() {
    ({ zones } = await api("GET", `/v1/accounts/${encodeURIComponent(who.control.value)}/zones`));
    drawExisting();
    replace(list, zones.length ? zones.map((zone) => {
      const change = h("button", { type: "button", class: "secondary change", "aria-label": `Change ${zone.name}` }, "Change");
      change.addEventListener("click", () => edit(zone));
      const remove = h("button", { type: "button", class: "secondary remove", "aria-label": `Delete ${zone.name}` }, "Delete");
      remove.addEventListener("click", async () => {
        if (!confirm(`Delete the zone “${zone.name}”? You are no longer told when ${personName} leaves it.`)) return;
        try {
          await api("DELETE", `/v1/zones/${encodeURIComponent(zone.id)}`);
          announce(`${zone.name} deleted.`);
          if (editing && editing.id === zone.id) resetForm();
          await load();
        } catch (error) {
          announce(error.message);
        }
      });
      return h("li", { class: "card zone", "data-zone": zone.id },
        h("strong", {}, zone.name), zone.home ? " (home)" : "",
        h("p", { class: "muted" }, zoneSummary(zone)),
        h("div", { class: "row" }, change, remove));
    }) : h("li", { class: "muted" }, "No zones yet: draw the first one on the map."));
    if (!here || !here.location) {
      const points = zones.map((zone) => zone.center ? [zone.center.lat, zone.center.lon] : [zone.polygon[0].lat, zone.polygon[0].lon]);
      if (points.length) fit(map, points);
    }
  }
  const person = () => encodeURIComponent(who.control.value);
  /** "8–9, 17–18" from a list of hours. */
  const hours = (list) => list.length ? list.map((hour) => `${hour}–${hour + 1}`).join(", ") : "none";

  async function loadPlaces() {
    const [settings, result] = await Promise.all([
      api("GET", `/v1/accounts/${person()}/routine`), api("GET", `/v1/accounts/${person()}/places`)]);
    learning.control.checked = settings.learning;
    learned.clearLayers();
    learnedSummary.textContent = settings.learning
      ? `${result.learnedDays} day${result.learnedDays === 1 ? "" : "s"} learned.`
      : "Learning is off: far from home stays cautious.";
    // A place nobody named is numbered, and said by the zone it lies in or near, never by coordinates;
    // its dot on the map carries the same words.
    const around = zonePlaces(zones);
    replace(placeList, result.places.length ? result.places.map((place, index) => {
      const zone = placeAt(place, around);
      const title = place.name || `Place ${index + 1}${zone ? `, ${zone.inside ? "in" : "near"} ${zone.name}` : " (a dot on the map)"}`;
      L.circleMarker([place.lat, place.lon], { radius: 7, color: place.usual ? "#4a5d23" : "#8a1c1c" }).bindTooltip(textLabel(title)).addTo(learned);
      const label = field(`Name of ${title}`, { id: `place-name-${place.id}`, value: place.name || "", maxlength: 100 });
      const rename = h("button", { type: "button", class: "secondary" }, "Save name");
      rename.addEventListener("click", async () => {
        const name = label.control.value.trim();
        await api("PATCH", `/v1/accounts/${person()}/places/${encodeURIComponent(place.id)}`, { name: name || null });
        announce(name ? `Place named ${name}.` : "Name removed.");
        await loadPlaces();
      });
      const usual = h("button", { type: "button", class: "secondary", "aria-pressed": String(!place.usual) },
        place.usual ? "Mark not usual" : "Mark usual again");
      usual.addEventListener("click", async () => {
        await api("PATCH", `/v1/accounts/${person()}/places/${encodeURIComponent(place.id)}`, { usual: !place.usual });
        announce(place.usual ? `${title} is marked not usual.` : `${title} is usual again.`);
        await loadPlaces();
      });
      return h("li", { class: "card", "data-place": place.id },
        h("strong", {}, title), place.usual ? "" : " (not usual)",
        h("p", { class: "muted" }, `Stayed on ${place.stayDays} day${place.stayDays === 1 ? "" : "s"}; usual hours on workdays ${hours(place.workdayHours)}, at weekends ${hours(place.weekendHours)}.`),
        label.label, h("div", { class: "row" }, label.control, rename), usual);
    }) : h("li", {}, settings.learning ? "No places learned yet." : "Nothing is learned while learning is off."));
  }
  learning.control.addEventListener("change", async () => {
    await api("PATCH", `/v1/accounts/${person()}/routine`, { learning: learning.control.checked });
    announce(learning.control.checked ? "Learning is on; it starts from the stored days." : "Learning is off; what was learned is forgotten.");
    await loadPlaces();
  });

  showShapeInfo();
  describeSchedule();
  await load();
  await loadPlaces().catch((error) => { learnedSummary.textContent = error.message; });
  return () => map.remove();
}

/** "Circle of 150 m · Mon, Tue 08:00–12:00 · warns if left with none of you within 200 m". */
function zoneSummary(zone) {
  const shape = zone.center ? `Circle of ${distance(zone.radius)} around the middle` : `${zone.polygon.length} corners`;
  const when = (zone.schedule || []).map((window) => {
    const days = window.days.length === 7 ? "every day" : window.days.map((d) => weekdays.find(([v]) => v === d)[1]).join(", ");
    return `${days} ${window.start}–${window.end}`;
  });
  return [shape, when.length ? `only ${when.join("; ")}` : "always",
    zone.unaccompanied ? `warns if left with none of you within ${distance(zone.unaccompanied.withinMetres)}` : null].filter(Boolean).join(" · ");
}
