// Safe zones: draw a circle (place it, drag its edge) or a polygon (tap its corners) on the map,
// with an optional weekly schedule; list and delete. Below them, the places the server learned from
// the person's own days: name them, mark one as not usual, or switch the learning off.
import { api } from "../api.js";
import { h, replace, field, announce, distance } from "../dom.js";
import { makeMap, fit } from "../map.js";

/** The zones page for the account `id` (oneself by default). */
export async function showZones(view, session, [id = session.account.id]) {
  const { dependents } = await api("GET", "/v1/dependents");
  const people = [{ id: session.account.id, name: `${session.account.name} (you)` }, ...dependents.map((d) => d.account)];
  const who = field("Whose zones", { id: "zone-person", options: people.map((p) => [p.id, p.name]) }, "select");
  who.control.value = id;
  who.control.addEventListener("change", () => { location.hash = `#zones/${encodeURIComponent(who.control.value)}`; });
  const mode = field("Shape", { id: "zone-shape", options: [["circle", "Circle: tap the centre, drag the edge"], ["polygon", "Polygon: tap each corner"]] }, "select");
  const name = field("Name", { id: "zone-name", name: "name", required: true });
  const home = field("This is home", { id: "zone-home", type: "checkbox" });
  const alone = field("Warn if they leave it with no guardian nearby", { id: "zone-unaccompanied", type: "checkbox" });
  const aloneWithin = field("Nearby means within (metres)", { id: "zone-unaccompanied-within", type: "number", min: 20, max: 5000, step: 1, value: 200 });
  const days = field("Only on these days (e.g. mon,tue,wed; empty: always)", { id: "zone-days" });
  const from = field("From (HH:MM)", { id: "zone-from", pattern: "[0-2][0-9]:[0-5][0-9]" });
  const until = field("Until (HH:MM)", { id: "zone-until", pattern: "[0-2][0-9]:[0-5][0-9]" });
  const radius = field("Circle radius (metres)", { id: "zone-radius", type: "number", min: 20, max: 50000, step: 1, value: 150 });
  const atCentre = h("button", { type: "button", class: "secondary", id: "zone-at-centre" }, "Place at the map's centre");
  const shapeInfo = h("p", { id: "zone-shape-info", class: "muted", "aria-live": "polite" }, "Tap the map to place the zone.");
  const save = h("button", { type: "submit", id: "zone-save" }, "Save zone");
  const clear = h("button", { type: "button", class: "secondary" }, "Start over");
  const message = h("p", { class: "error", role: "alert" });
  const zoneForm = h("form", { class: "card", id: "zone-form" }, who.label, who.control, mode.label, mode.control, name.label, name.control,
    h("div", { class: "row" }, home.control, home.label), h("div", { class: "row" }, alone.control, alone.label), aloneWithin.label, aloneWithin.control, radius.label, radius.control, atCentre, days.label, days.control, from.label, from.control, until.label, until.control,
    shapeInfo, h("div", { class: "row" }, save, clear), message);
  const list = h("ul", { id: "zone-list" });
  const learning = field("Learn this person's usual places and times", { id: "routine-learning", type: "checkbox" });
  const learnedSummary = h("p", { id: "places-summary", class: "muted", "aria-live": "polite" });
  const placeList = h("ul", { id: "place-list" });
  const placesSection = h("section", { class: "card", "aria-labelledby": "places-title" },
    h("h2", { id: "places-title" }, "Learned places"),
    h("p", { class: "muted" }, "Where they stay at least 10 minutes on two days or more. Going there at the usual times is never called wandering; mark a place not usual if it should be."),
    h("div", { class: "row" }, learning.control, learning.label), learnedSummary, placeList);
  const mapElement = h("div", { class: "map", id: "zone-map", role: "region", "aria-label": "Map for drawing a zone" });
  replace(view, h("h1", {}, "Safe zones"), h("div", { class: "split" }, h("div", {}, zoneForm, h("h2", {}, "Zones"), list, placesSection), mapElement));

  const L = window.L;
  const map = makeMap(mapElement);
  const drawn = L.layerGroup().addTo(map);
  const existing = L.layerGroup().addTo(map);
  const learned = L.layerGroup().addTo(map);
  let circle = null, handle = null, vertices = [], outline = null, draggedAt = 0;
  const here = await api("GET", `/v1/accounts/${encodeURIComponent(id)}/location`).catch(() => null);
  if (here && here.location) map.setView([here.location.lat, here.location.lon], 16);

  function reset() {
    drawn.clearLayers();
    circle = handle = outline = null;
    vertices = [];
    shapeInfo.textContent = "Tap the map to place the zone.";
  }
  clear.addEventListener("click", reset);
  mode.control.addEventListener("change", reset);

  /** The point `metres` east of `centre`, where the radius handle sits. */
  const eastOf = (centre, metres) => L.latLng(centre.lat, centre.lng + metres / (111320 * Math.cos(centre.lat * Math.PI / 180)));
  radius.control.addEventListener("input", () => {
    const metres = Number(radius.control.value);
    if (!circle || !(metres >= 20)) return;
    circle.setRadius(metres);
    handle.setLatLng(eastOf(circle.getLatLng(), metres));
    shapeInfo.textContent = `Circle of ${distance(metres)} radius.`;
  });
  atCentre.addEventListener("click", () => map.fire("click", { latlng: map.getCenter() }));

  map.on("click", (event) => {
    if (Date.now() - draggedAt < 500) return; // the end of dragging the handle is no new centre
    if (mode.control.value === "circle") {
      reset();
      const metres = Math.max(20, Number(radius.control.value) || 150);
      circle = L.circle(event.latlng, { radius: metres, color: "#9a5b00" }).addTo(drawn);
      const edge = eastOf(event.latlng, metres);
      handle = L.marker(edge, { draggable: true, keyboard: true, title: "Drag to set the radius", alt: "Radius handle",
        icon: L.divIcon({ className: "radius-handle", iconSize: [18, 18] }) }).addTo(drawn);
      handle.on("dragend", () => { draggedAt = Date.now(); });
      handle.on("drag", () => {
        circle.setRadius(Math.max(20, map.distance(circle.getLatLng(), handle.getLatLng())));
        radius.control.value = String(Math.round(circle.getRadius()));
        shapeInfo.textContent = `Circle of ${distance(circle.getRadius())} radius.`;
      });
      shapeInfo.textContent = `Circle of ${distance(circle.getRadius())} radius. Drag the white handle or type the radius to change it.`;
    } else {
      vertices.push(event.latlng);
      if (outline) outline.setLatLngs(vertices);
      else outline = L.polygon(vertices, { color: "#9a5b00" }).addTo(drawn);
      shapeInfo.textContent = `Polygon with ${vertices.length} corners${vertices.length < 3 ? " (at least 3)" : ""}.`;
    }
  });

  zoneForm.addEventListener("submit", async (event) => {
    event.preventDefault();
    message.textContent = "";
    const body = { name: name.control.value };
    if (mode.control.value === "circle") {
      if (!circle) { message.textContent = "Tap the map to place the circle first."; return; }
      const centre = circle.getLatLng();
      body.center = { lat: centre.lat, lon: centre.lng };
      body.radius = Math.round(circle.getRadius());
    } else {
      if (vertices.length < 3) { message.textContent = "Tap at least three corners."; return; }
      body.polygon = vertices.map((v) => ({ lat: v.lat, lon: v.lng }));
    }
    if (home.control.checked) body.home = true;
    if (alone.control.checked) body.unaccompanied = { withinMetres: Number(aloneWithin.control.value) || 200 };
    if (days.control.value.trim()) {
      body.schedule = [{ days: days.control.value.split(/[\s,]+/).filter(Boolean), start: from.control.value || "00:00", end: until.control.value || "23:59" }];
      body.timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    }
    try {
      await api("POST", `/v1/accounts/${encodeURIComponent(who.control.value)}/zones`, body);
      announce(`Zone ${body.name} saved.`);
      name.control.value = "";
      home.control.checked = false;
      alone.control.checked = false;
      reset();
      await load();
    } catch (error) {
      message.textContent = error.message;
    }
  });

  async function load() {
    const { zones } = await api("GET", `/v1/accounts/${encodeURIComponent(who.control.value)}/zones`);
    existing.clearLayers();
    const bounds = [];
    replace(list, zones.length ? zones.map((zone) => {
      let layer;
      if (zone.center) layer = L.circle([zone.center.lat, zone.center.lon], { radius: zone.radius, color: "#1b4d6b" });
      else layer = L.polygon(zone.polygon.map((p) => [p.lat, p.lon]), { color: "#1b4d6b" });
      layer.bindTooltip(zone.name).addTo(existing);
      bounds.push(layer.getBounds().getCenter());
      const remove = h("button", { type: "button", class: "secondary" }, `Delete ${zone.name}`);
      remove.addEventListener("click", async () => {
        await api("DELETE", `/v1/zones/${encodeURIComponent(zone.id)}`);
        announce("Zone deleted.");
        await load();
      });
      const rules = [zone.home ? "home" : null, zone.unaccompanied ? `warns if left with no guardian within ${distance(zone.unaccompanied.withinMetres)}` : null].filter(Boolean);
      return h("li", { class: "row", "data-zone": zone.id }, `${zone.name}${rules.length ? ` (${rules.join("; ")})` : ""}`, remove);
    }) : h("li", {}, "No zones yet."));
    if (bounds.length) fit(map, bounds.map((b) => [b.lat, b.lng]));
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
    replace(placeList, result.places.length ? result.places.map((place) => {
      const title = place.name || `Place near ${place.lat.toFixed(4)}, ${place.lon.toFixed(4)}`;
      L.circleMarker([place.lat, place.lon], { radius: 7, color: place.usual ? "#4a5d23" : "#8a1c1c" }).bindTooltip(title).addTo(learned);
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

  await load();
  await loadPlaces().catch((error) => { learnedSummary.textContent = error.message; });
  return () => map.remove();
}
