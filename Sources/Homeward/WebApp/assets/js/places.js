// A place on the map in words a family uses: the name of the safe zone or learned place it lies in
// or near, never its coordinates.
import { api } from "./api.js";

/** Within this many metres of a saved place's edge, a point is "a place near" it. */
const nearMetres = 300;
/** A learned place is a cell of about this radius, in metres. */
const learnedPlaceMetres = 50;

/** Metres between two {lat, lon} points (haversine). */
export function metresBetween(a, b) {
  const radians = Math.PI / 180;
  const dLat = (b.lat - a.lat) * radians;
  const dLon = (b.lon - a.lon) * radians;
  const s = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * radians) * Math.cos(b.lat * radians) * Math.sin(dLon / 2) ** 2;
  return 2 * 6371000 * Math.asin(Math.min(1, Math.sqrt(s)));
}

/** The named places of the person with account id `accountId` that the caller may read: their safe
 * zones and the learned places someone named, as {name, lat, lon, radius}; [] when none can be read. */
export async function savedPlaces(accountId) {
  const id = encodeURIComponent(accountId);
  const [zones, learned] = await Promise.all([
    api("GET", `/v1/accounts/${id}/zones`).then((answer) => answer.zones).catch(() => []),
    api("GET", `/v1/accounts/${id}/places`).then((answer) => answer.places).catch(() => []),
  ]);
  return zonePlaces(zones).concat(learned.filter((place) => place.name)
    .map((place) => ({ name: place.name, lat: place.lat, lon: place.lon, radius: learnedPlaceMetres })));
}

/** Safe zones as {name, lat, lon, radius}: a polygon as the circle around its corners. */
export function zonePlaces(zones) {
  return zones.map((zone) => {
    if (zone.center) return { name: zone.name, lat: zone.center.lat, lon: zone.center.lon, radius: zone.radius };
    const middle = { lat: zone.polygon.reduce((sum, p) => sum + p.lat, 0) / zone.polygon.length,
      lon: zone.polygon.reduce((sum, p) => sum + p.lon, 0) / zone.polygon.length };
    return { name: zone.name, ...middle, radius: Math.max(...zone.polygon.map((p) => metresBetween(middle, p))) };
  });
}

/** The saved place `point` lies in ({name, inside: true}), else the nearest one within 300 m of its
 * edge ({name, inside: false}), else null. */
export function placeAt(point, places) {
  let best = null;
  for (const place of places) {
    const beyond = metresBetween(point, place) - place.radius;
    if (beyond <= nearMetres && (!best || beyond < best.beyond)) best = { name: place.name, inside: beyond <= 0, beyond };
  }
  return best && { name: best.name, inside: best.inside };
}

/** What a destination with no name near no saved place is called. */
export const placeOnTheMap = "a place on the map";

/** A trip's destination in words: its own name, else "Home" when it lies in the saved place Home,
 * "a place near Home" within 300 m of it, else "a place on the map". */
export function destinationWords(destination, places = []) {
  if (destination.name) return destination.name;
  const place = placeAt(destination, places);
  if (!place) return placeOnTheMap;
  return place.inside ? place.name : `a place near ${place.name}`;
}
