// Leaflet maps with the server's tile settings; with no tile URL (or offline) positions are still
// drawn on a plain background. Leaflet reads a string tooltip as HTML, so every label is a text node.
const L = () => window.L;

/** A tooltip's content that shows `text` as text (a name like "<img …>" stays letters). */
export function textLabel(text) {
  const span = document.createElement("span");
  span.textContent = text;
  return span;
}

/** The safe zones of one person on `layer`: circles and polygons with their names. A name sits on
 * the zone's top edge, not its middle, where the person it is drawn for usually stands (and their
 * own name would be hidden under it). */
export function drawZones(layer, zones, color = "#1b4d6b") {
  return zones.map((zone) => {
    const shape = zone.center
      ? L().circle([zone.center.lat, zone.center.lon], { radius: zone.radius, color, weight: 2, fillOpacity: 0.08 })
      : L().polygon(zone.polygon.map((p) => [p.lat, p.lon]), { color, weight: 2, fillOpacity: 0.08 });
    shape.addTo(layer);
    const top = zone.center
      ? [zone.center.lat + zone.radius / 111320, zone.center.lon]
      : [Math.max(...zone.polygon.map((p) => p.lat)), zone.polygon.reduce((sum, p) => sum + p.lon, 0) / zone.polygon.length];
    L().circleMarker(top, { radius: 0, opacity: 0, fillOpacity: 0, interactive: false })
      .bindTooltip(textLabel(zone.name), { permanent: true, direction: "top", className: "zone-label" }).addTo(layer);
    return shape;
  });
}

/** A map in `element`, showing the tiles the server names, or a plain background without. */
export function makeMap(element) {
  const meta = document.querySelector('meta[name="homeward-tiles"]');
  const map = L().map(element, { zoomControl: true, attributionControl: true });
  const template = meta ? meta.content : "";
  if (template) {
    L().tileLayer(template, { attribution: meta.dataset.attribution, maxZoom: 19 }).addTo(map);
  }
  map.setView([48.2, 16.37], 3);
  element.setAttribute("tabindex", "0");
  return map;
}

/** A person's position: a dot, the accuracy circle and the name beside it. */
export class PositionMarker {
  constructor(map, name) {
    this.map = map;
    this.label = textLabel(name);
    this.accuracy = L().circle([0, 0], { radius: 1, weight: 1, color: "#1b4d6b", fillOpacity: 0.12 });
    this.dot = L().circleMarker([0, 0], { radius: 8, weight: 3, color: "#fff", fillColor: "#1b4d6b", fillOpacity: 1 });
    this.dot.bindTooltip(this.label, { permanent: true, direction: "right", offset: [10, 0] });
    this.shown = false;
  }

  /** Moves the marker to `location` ({lat, lon, accuracy}). */
  update(location) {
    if (!location) return;
    const at = [location.lat, location.lon];
    this.dot.setLatLng(at);
    this.accuracy.setLatLng(at).setRadius(Math.max(location.accuracy || 0, 1));
    if (!this.shown) {
      this.accuracy.addTo(this.map);
      this.dot.addTo(this.map);
      this.shown = true;
      if (this.alarming) this.setAlarming(true);
    }
  }

  /** Draws the dot and its name red (an open SOS or danger) or in the usual colour. */
  setAlarming(on) {
    this.alarming = on;
    this.dot.setStyle({ fillColor: on ? "#a4161a" : "#1b4d6b" });
    const tooltip = this.dot.getTooltip() && this.dot.getTooltip().getElement();
    if (tooltip) tooltip.classList.toggle("alarming", on);
  }

  get latLng() {
    return this.shown ? this.dot.getLatLng() : null;
  }

  remove() {
    this.accuracy.remove();
    this.dot.remove();
  }
}

/** Fits the map to `points` ([lat, lon] pairs), if there are any. */
export function fit(map, points) {
  const valid = points.filter(Boolean);
  if (valid.length === 1) map.setView(valid[0], 15);
  else if (valid.length > 1) map.fitBounds(valid, { padding: [30, 30], maxZoom: 16 });
}
