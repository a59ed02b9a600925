// Trips: the traveller starts one (destination on the map, mode) and shares the access code (the
// server gives it again on any of their devices while the trip lasts); the SOS button and the
// danger countdown; the trips of the people one looks after, on the map.
import { api } from "../api.js";
import { h, replace, field, announce, clock, distance, ago } from "../dom.js";
import { makeMap } from "../map.js";
import { onEvent } from "../events.js";
import { TripView } from "../tripview.js";
import { sendSOS, sharePositionNow, shareContinuously } from "../sharing.js";
import { savedPlaces, destinationWords, placeAt } from "../places.js";

/** The trips page; `followed` is the id of a watched trip shown on the map. */
export async function showTrips(view, session, [followed = null] = []) {
  const { trips } = await api("GET", "/v1/trips?status=active");
  const mine = trips.find((trip) => trip.account.id === session.account.id);
  const others = trips.filter((trip) => trip !== mine);
  const shownTrip = followed === "new" ? null : others.find((trip) => trip.id === followed) || (mine ? null : others[0]) || null;
  const mapElement = h("div", { class: "map", id: "trip-map", role: "region", "aria-label": "Trip map" });
  const panel = h("div", { id: "trip-panel" });
  const watchedList = h("ul", { class: "trips", id: "watched-trips" });
  // Someone watching a trip sees it first; their own SOS and check follow.
  const watching = h("section", { id: "watching", hidden: !others.length }, h("h2", {}, "Trips of the people you look after"), watchedList);
  const safety = safetyPanel(Boolean(mine), session.account.id);
  const arrivedAt = sessionStorage.getItem("tripArrived");
  sessionStorage.removeItem("tripArrived");
  const arrived = arrivedAt && !mine ? h("p", { class: "card ok", id: "trip-arrived", role: "status" },
    `You arrived at ${arrivedAt}. Everyone following your trip was told. Glad you are there.`) : null;
  replace(view, h("h1", {}, "Trips and safety"), arrived, watching,
    others.length ? h("div", { class: "split" }, panel, mapElement) : null, safety.element,
    others.length ? null : h("div", { class: "split" }, panel, mapElement));
  const map = makeMap(mapElement);
  const here = await api("GET", `/v1/accounts/${encodeURIComponent(session.account.id)}/location`).catch(() => null);
  if (here && here.location) map.setView([here.location.lat, here.location.lon], 15);
  const facts = h("dl", { class: "facts", id: "trip-facts" });
  const tripView = new TripView(map, facts);
  // Each traveller's saved places (zones, named places), which name a destination that has no name.
  const travellers = [...new Set(trips.map((trip) => trip.account.id))];
  const places = new Map(await Promise.all(travellers.map(async (id) => [id, await savedPlaces(id)])));
  const renderWatched = () => replace(watchedList, others.map((trip) => {
    const progress = trip.progress || {};
    return h("li", { class: `card${shownTrip && trip.id === shownTrip.id ? " current" : ""}`, "data-trip": trip.id },
      h("strong", {}, `${trip.account.name} to ${destinationWords(trip.destination, places.get(trip.account.id))}`),
      trip.status === "arrived" ? h("p", { class: "ok" }, `Arrived safely${trip.endedAt ? ` at ${clock(trip.endedAt)}` : ""}`)
        : h("p", {}, progress.offRoute ? "Off the usual way · " : "",
          progress.eta ? `arrives about ${clock(progress.eta)}` : "arrival time not known yet",
          progress.distanceRemaining !== undefined ? ` · ${distance(progress.distanceRemaining)} to go` : ""),
      shownTrip && trip.id === shownTrip.id ? h("p", { class: "muted" }, "On the map below.")
        : h("a", { href: `#trips/${encodeURIComponent(trip.id)}`, class: "follow" }, `Follow ${trip.account.name} on the map`));
  }));
  renderWatched();
  // A trip started (or ended) by someone one looks after while this page is open joins the list.
  const stopList = onEvent("trip", async (trip) => {
    if (!trip.account || trip.account.id === session.account.id) return;
    const index = others.findIndex((other) => other.id === trip.id);
    if (index < 0 && trip.status !== "active") return;
    if (!places.has(trip.account.id)) places.set(trip.account.id, await savedPlaces(trip.account.id));
    if (index >= 0) others[index] = { ...others[index], ...trip };
    else others.push(trip);
    watching.hidden = false;
    renderWatched();
  });
  const refresh = async (trip) => {
    const fresh = await api("GET", `/v1/trips/${encodeURIComponent(trip.id)}`);
    const index = others.findIndex((other) => other.id === fresh.id);
    if (index >= 0) { others[index] = fresh; renderWatched(); }
    return fresh;
  };
  let stop = () => {};
  if (shownTrip) {
    // Until the trip has a position of its own, the traveller's newest one puts them on the map.
    const latest = await api("GET", `/v1/accounts/${encodeURIComponent(shownTrip.account.id)}/location`).then((item) => item.location).catch(() => null);
    tripView.places = places.get(shownTrip.account.id) || [];
    tripView.show(await refresh(shownTrip), latest);
    replace(panel, h("h2", {}, `${shownTrip.account.name}'s trip`), facts,
      mine ? null : h("p", { class: "muted" }, "Going somewhere yourself? ", h("a", { href: "#trips/new" }, "Start your own trip")));
    mapElement.setAttribute("aria-label", `Map of ${shownTrip.account.name}'s trip`);
    stop = onEvent("trip", async (event) => {
      if (event.tripId === shownTrip.id || event.id === shownTrip.id) tripView.show(await refresh(shownTrip), latest);
    });
  } else if (mine) {
    const full = await api("GET", `/v1/trips/${encodeURIComponent(mine.id)}`);
    tripView.places = places.get(session.account.id) || [];
    tripView.show(full);
    const code = full.accessCode;
    const arrive = h("button", { type: "button", id: "arrive" }, "I've arrived safely");
    arrive.addEventListener("click", async () => {
      await api("POST", `/v1/trips/${encodeURIComponent(mine.id)}/arrive`);
      // The page starts afresh (a new trip's form); it says first that the arrival was shared.
      const going = destinationWords(full.destination, tripView.places);
      sessionStorage.setItem("tripArrived", going.startsWith("a place") ? "your destination" : going);
      location.reload();
    });
    const invitation = code ? `Follow my trip on Homeward: open ${location.origin}/trip and enter my phone number ${session.account.phone} and the code ${code}.` : "";
    const copy = h("button", { type: "button", class: "secondary", id: "copy-invitation" }, "Copy an invitation to send");
    copy.addEventListener("click", async () => {
      try {
        await navigator.clipboard.writeText(invitation);
        announce("Copied: paste it into a message.");
      } catch {
        announce(invitation);
      }
    });
    replace(panel, h("h2", {}, "Your trip"), facts,
      code ? [h("p", {}, "Access code for companions: ", h("strong", { class: "code", id: "access-code" }, code)),
        h("p", {}, "They open ", h("a", { href: "/trip" }, `${location.origin}/trip`), ` and enter your phone number (${session.account.phone}) and this code. No account is needed.`),
        h("p", {}, copy)]
        : h("p", { class: "muted" }, "This trip's access code was shown when it started."),
      arrive);
    stop = onEvent("trip", async (event) => {
      if (event.tripId === mine.id || event.id === mine.id) tripView.show(await api("GET", `/v1/trips/${encodeURIComponent(mine.id)}`));
    });
  } else {
    replace(panel, startForm(map, await savedPlaces(session.account.id)));
  }
  return () => { stop(); stopList(); safety.stop(); map.remove(); };
}

/** The form starting a trip to a place tapped on `map`; `places` are the traveller's own saved
 * places, which name the destination when it lies in one. */
function startForm(map, places) {
  const L = window.L;
  let destination = null;
  let pin = null;
  const where = h("p", { id: "destination-info", class: "muted", "aria-live": "polite" }, "Tap your destination on the map, or move the map to it.");
  const name = field("Destination name", { id: "trip-destination-name", name: "name" });
  const mode = field("Travelling by", { id: "trip-mode", options: [["walking", "Walking"], ["cycling", "Cycling"], ["driving", "Driving"], ["transit", "Public transport"]] }, "select");
  const message = h("p", { class: "error", role: "alert" });
  const start = h("button", { type: "submit", id: "trip-start" }, "Start trip");
  const element = h("form", { class: "card", id: "trip-form" }, h("h2", {}, "Start a trip"), where, name.label, name.control, mode.label, mode.control, start, message);
  const atCentre = h("button", { type: "button", class: "secondary", id: "trip-at-centre" }, "Use the map's centre");
  atCentre.addEventListener("click", () => map.fire("click", { latlng: map.getCenter() }));
  element.insertBefore(atCentre, name.label);
  map.on("click", (event) => {
    destination = event.latlng;
    if (pin) pin.setLatLng(destination);
    else pin = L.circleMarker(destination, { radius: 9, color: "#9a5b00", weight: 3 }).addTo(map);
    // Said in words, never as coordinates; tapped inside a saved place, the trip takes its name
    // unless one was typed.
    const place = placeAt({ lat: destination.lat, lon: destination.lng }, places);
    if (place && place.inside && (!name.control.value.trim() || name.control.dataset.fromPlace === "true")) {
      name.control.value = place.name;
      name.control.dataset.fromPlace = "true";
    } else if (name.control.dataset.fromPlace === "true") {
      name.control.value = "";
      name.control.dataset.fromPlace = "false";
    }
    const words = place ? (place.inside ? place.name : `a place near ${place.name}`) : "a place on the map";
    where.textContent = `Destination: ${words}, the orange ring on the map. Tap elsewhere to change it.`;
  });
  name.control.addEventListener("input", () => { name.control.dataset.fromPlace = "false"; });
  element.addEventListener("submit", async (event) => {
    event.preventDefault();
    if (!destination) { message.textContent = "Tap your destination on the map first."; return; }
    // A double tap starts one trip: the button waits for the answer (and the position, up to 3 s).
    if (start.disabled) return;
    start.disabled = true;
    try {
      const body = { destination: { lat: destination.lat, lon: destination.lng }, mode: mode.control.value };
      if (name.control.value.trim()) body.destination.name = name.control.value.trim();
      if (navigator.geolocation) {
        const here = await new Promise((resolve) => navigator.geolocation.getCurrentPosition(resolve, () => resolve(null), { timeout: 3000 }));
        if (here) body.origin = { lat: here.coords.latitude, lon: here.coords.longitude };
      }
      await api("POST", "/v1/trips", body);
      location.hash = "#trips";
      location.reload();
    } catch (error) {
      message.textContent = error.message;
      start.disabled = false;
    }
  });
  return element;
}

/** How often an SOS pressed without a connection is tried again, in milliseconds. */
const sosRetryMilliseconds = 3000;

/** SOS, the 15-second check, and sharing the browser's position; during the person's own trip
 * (`onTrip`) the browser can send positions continuously while the page is open; `accountId` is the
 * person's own, for the link to setting up their phone. */
export function safetyPanel(onTrip, accountId) {
  const sos = h("button", { type: "button", class: "danger sos", id: "sos" }, "SOS");
  const countdownButton = h("button", { type: "button", class: "secondary", id: "countdown-start" }, "Start a 15 second check");
  const area = h("div", { id: "countdown-area", "aria-live": "assertive" });
  const shareNow = h("button", { type: "button", class: "secondary", id: "share-now" }, "Share my position now");
  const sharing = h("p", { id: "sharing-status", class: "muted", "aria-live": "polite" },
    "This page can send where you are only while it is open. To be followed all the time, set up one of the phone apps (",
    h("a", { href: `#setup/${encodeURIComponent(accountId)}` }, "Set up this phone"), ").");
  let stopSharing = () => {};
  const sosStatus = h("p", { id: "sos-status", role: "status" });
  // An SOS pressed without a connection is sent again every few seconds (and at once when the
  // browser is back online) until the server has it; the page says so meanwhile.
  let waiting = false;
  let sending = false;
  let retryTimer = null;
  const retry = () => { if (waiting && !sending) { clearTimeout(retryTimer); sendNow(); } };
  window.addEventListener("online", retry);
  const sendNow = async () => {
    sos.disabled = true;
    sending = true;
    if (!waiting) replace(sosStatus, h("strong", {}, "Sending the SOS…"));
    try {
      // It goes at once with the place known now; where the person is right now follows it.
      const { alert, fromBrowser, followed } = await sendSOS();
      const where = fromBrowser ? "with where you are"
        : alert.location ? `with the last place we know for you${alert.location.t ? ` (${ago(Math.max(0, (Date.now() - Date.parse(alert.location.t)) / 1000))})` : ""}`
          : "but we do not know where you are yet";
      waiting = false;
      const text = `SOS sent at ${clock(new Date())} to everyone who looks after you, ${where}.`;
      const after = h("span", { id: "sos-follow" }, " Finding where you are now, to send it too…");
      // Said where the button is, and kept: a frightened person must see that it went.
      replace(sosStatus, h("strong", { class: "error" }, text), after, " Stay where you are if you can.");
      announce(text);
      followed.then((now) => {
        replace(after, now ? ` Where you are now was sent too (${clock(new Date(now.timestamp))}, within ${Math.round(now.coords.accuracy)} m).`
          : " This browser did not say where you are now: allow location for this site, or set up the phone app.");
      });
    } catch (error) {
      if (error.status === 0) {
        if (!waiting) {
          replace(sosStatus, h("strong", { class: "error", id: "sos-waiting" }, "No connection: your SOS will be sent as soon as this phone is online again."),
            " Call someone now if you can.");
        }
        waiting = true;
        retryTimer = setTimeout(sendNow, sosRetryMilliseconds);
        return;
      }
      waiting = false;
      replace(sosStatus, h("strong", { class: "error" }, `The SOS could not be sent: ${error.message} Call someone now.`));
    } finally {
      sending = false;
      sos.disabled = waiting;
    }
  };
  sos.addEventListener("click", sendNow);
  shareNow.addEventListener("click", async () => {
    shareNow.disabled = true;
    announce("Finding where you are…");
    const sent = await sharePositionNow().catch(() => false);
    shareNow.disabled = false;
    announce(sent ? "Your position was shared." : "Your browser did not give a position: allow location for this site and try again.");
  });
  const continuous = h("button", { type: "button", class: "secondary", id: "share-continuously", hidden: !onTrip }, "Send my position during this trip");
  continuous.addEventListener("click", () => {
    if (continuous.dataset.on === "true") {
      stopSharing();
      continuous.dataset.on = "false";
      continuous.textContent = "Send my position during this trip";
      sharing.textContent = "Stopped sending your position.";
      return;
    }
    continuous.dataset.on = "true";
    continuous.textContent = "Stop sending my position";
    sharing.textContent = "Sending your position while this page stays open (the screen stays on). Closing the page stops it.";
    stopSharing = shareContinuously((state, position) => {
      if (state === "sent") sharing.textContent = `Sent your position at ${clock(new Date(position.timestamp).toISOString())} · it stops when you close this page.`;
      if (state === "denied") sharing.textContent = "Your browser does not allow this page your location: allow it in the site settings.";
      if (state === "unavailable") sharing.textContent = "This browser cannot tell where you are.";
    });
  });
  countdownButton.addEventListener("click", async () => {
    // One check at a time: the button waits until this one is answered or has run out.
    countdownButton.disabled = true;
    let countdown;
    try {
      countdown = await api("POST", "/v1/alerts/countdown", { seconds: 15, reason: "Safety check from the web app" });
    } catch (error) {
      replace(area, h("p", { class: "error" }, error.message));
      countdownButton.disabled = false;
      return;
    }
    const seconds = h("p", { class: "countdown", id: "countdown-seconds" });
    const safe = h("button", { type: "button", id: "countdown-cancel" }, "I'm safe");
    replace(area, h("p", {}, "Unless you press \"I'm safe\", your guardians are told you are in danger in:"), seconds, safe);
    const firesAt = new Date(countdown.firesAt).getTime();
    const tick = () => {
      const left = Math.max(0, Math.ceil((firesAt - Date.now()) / 1000));
      seconds.textContent = `${left} s`;
      if (left === 0) {
        clearInterval(timer);
        countdownButton.disabled = false;
        replace(area, h("p", { class: "error" }, "Your guardians have been told you may be in danger."));
      }
    };
    let timer = setInterval(tick, 250);
    tick();
    safe.addEventListener("click", async () => {
      clearInterval(timer);
      safe.disabled = true;
      try {
        await api("POST", `/v1/alerts/${encodeURIComponent(countdown.id)}/cancel`);
        replace(area, h("p", {}, "Cancelled. Glad you are safe."));
        countdownButton.disabled = false;
      } catch (error) {
        safe.disabled = false;
        timer = setInterval(tick, 250);
        replace(area, h("p", { class: "error" }, `The check could not be cancelled: ${error.message} Press “I'm safe” again.`), seconds, safe);
      }
    });
  });
  const element = h("section", { class: "card", "aria-labelledby": "safety-title" }, h("h2", { id: "safety-title" }, "Safety"),
    h("div", { class: "row" }, sos, countdownButton),
    h("p", { class: "muted", id: "safety-help" }, "SOS tells everyone who looks after you at once, with where you are. Feeling unsure? The check tells them you may be in danger unless you press “I'm safe” within 15 seconds."),
    sosStatus, area,
    h("div", { class: "row" }, shareNow, continuous), sharing);
  return {
    element,
    stop: () => {
      stopSharing();
      window.removeEventListener("online", retry);
      // Leaving the page does not drop an SOS still waiting for a connection.
      if (waiting) {
        clearTimeout(retryTimer);
        const again = () => sendSOS().catch((error) => { if (error.status === 0) setTimeout(again, sosRetryMilliseconds); });
        setTimeout(again, sosRetryMilliseconds);
      }
    },
  };
}
