// What the traveller, a guardian and a companion without an account all see of a trip.
import { h, replace, distance, clock } from "./dom.js";
import { PositionMarker, fit, textLabel } from "./map.js";
import { destinationWords, placeOnTheMap } from "./places.js";

/** How each way of travelling reads. */
const modeWords = { walking: "Walking", cycling: "Bicycle", driving: "Car", transit: "Public transport" };

/** Draws `trip` on `map` and its facts into `facts`; call again with fresher data. */
export class TripView {
  constructor(map, facts) {
    this.map = map;
    this.facts = facts;
    this.layers = window.L.layerGroup().addTo(map);
    this.marker = null;
    this.fitted = false;
    /** The traveller's saved places ({name, lat, lon, radius}; see places.js) where the viewer may
     * read them: a destination without a name is said by the place it lies in or near. */
    this.places = [];
  }

  /** `latest`, the traveller's newest position from before the trip's first one (a guardian may read
   * it), puts them on the map until the trip has its own. */
  show(trip, latest = null) {
    const L = window.L;
    const progress = trip.progress || {};
    const arrived = trip.status === "arrived";
    this.layers.clearLayers();
    const destination = [trip.destination.lat, trip.destination.lon];
    L.circleMarker(destination, { radius: 9, color: "#9a5b00", weight: 3, fillOpacity: 0.4 })
      .bindTooltip(textLabel(trip.destination.name || "Destination"), { permanent: true, direction: "top", className: "zone-label destination-label" }).addTo(this.layers);
    if (trip.route && trip.route.length) L.polyline(trip.route.map((p) => [p.lat, p.lon]), { color: "#9a5b00", dashArray: "6 6" }).addTo(this.layers);
    if (!this.marker) this.marker = new PositionMarker(this.map, trip.account.name);
    if (progress.lastLocation) this.marker.update(progress.lastLocation);
    else if (latest) this.marker.update(latest);
    if (!this.fitted) {
      fit(this.map, [destination, this.marker.latLng]);
      this.fitted = true;
    }
    const going = destinationWords(trip.destination, this.places);
    replace(this.facts,
      h("dt", {}, "Traveller"), h("dd", {}, trip.account.name),
      h("dt", {}, "Status"), h("dd", { id: "trip-status" }, arrived ? `Arrived safely${trip.endedAt ? ` at ${clock(trip.endedAt)}` : ""}` : progress.offRoute ? "Off route" : "On the way"),
      h("dt", {}, "Going to"), h("dd", { id: "trip-destination" }, going === placeOnTheMap ? "the place marked Destination on the map"
        : going.startsWith("a place") ? `${going}, marked Destination on the map` : going),
      h("dt", {}, "By"), h("dd", {}, modeWords[trip.mode] || trip.mode),
      arrived ? null : [
        h("dt", {}, "Distance left"), h("dd", { id: "trip-remaining" }, progress.distanceRemaining === undefined || progress.distanceRemaining === null
          ? "known once the phone sends a position" : distance(progress.distanceRemaining)),
        h("dt", {}, "Arrives about"), h("dd", { id: "trip-eta" }, progress.eta ? clock(progress.eta) : "known once the phone sends a position"),
      ],
      progress.lastLocation ? [h("dt", {}, "Last position"), h("dd", {}, clock(progress.lastLocation.t))] : null);
  }
}
