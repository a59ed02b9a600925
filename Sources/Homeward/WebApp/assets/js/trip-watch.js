// /trip: a companion follows a trip with the traveller's phone number and the access code, no
// account needed; the page asks again every few seconds until the traveller arrives.
import { APIError, tooManyTries } from "./api.js";
import { makeMap } from "./map.js";
import { TripView } from "./tripview.js";
import { h, replace, clock, phoneAdvice } from "./dom.js";
import { alertTitle } from "./words.js";
import { playAlarm, unlockAudio } from "./alarm.js";

const pollMilliseconds = 2000;
const form = document.getElementById("watch-form");
const section = document.getElementById("trip");
const calls = document.getElementById("trip-emergency");
let view = null;
let timer = null;
let rung = new Set();

/** The traveller's call for help, at once and loud: who, what, when, where. */
function showEmergencies(trip) {
  const emergencies = trip.emergencies || [];
  calls.hidden = emergencies.length === 0;
  replace(calls, emergencies.map((alert) => h("div", { class: "banner banner-urgent", "data-type": alert.type },
    h("p", {}, h("strong", {}, `${alertTitle(alert)}: ${trip.account.name} needs help`), ` (${clock(alert.createdAt)})`),
    alert.message ? h("p", {}, `“${alert.message}”`) : null,
    alert.location ? h("p", {}, h("a", { href: `https://www.openstreetmap.org/?mlat=${alert.location.lat}&mlon=${alert.location.lon}#map=17/${alert.location.lat}/${alert.location.lon}`, target: "_blank", rel: "noopener" }, "Where they were: open in a maps app"))
      : h("p", {}, "Their last position is on the map below."),
    h("p", {}, "Call them now. If they do not answer, call the emergency number (112 in Europe)."))));
  if (emergencies.some((alert) => !rung.has(alert.id))) playAlarm();
  rung = new Set(emergencies.map((alert) => alert.id));
}

async function watch(credentials) {
  const response = await fetch("/v1/trips/watch", {
    method: "POST", headers: { "Content-Type": "application/json", Accept: "application/json" }, body: JSON.stringify(credentials),
  });
  const data = await response.json();
  if (response.status === 429) throw new APIError(tooManyTries(response.headers.get("Retry-After")), 429);
  if (!response.ok) throw new APIError(data.error ? data.error.message : response.statusText, response.status, data.error && data.error.field);
  return data;
}

form.addEventListener("submit", async (event) => {
  event.preventDefault();
  unlockAudio();
  // A number typed the local way ("07700 900456") is read in the country of the browser's language.
  const country = /-([A-Za-z]{2})$/.exec(navigator.language || "");
  const credentials = { phone: form.elements.phone.value, accessCode: form.elements.accessCode.value, country: country ? country[1].toUpperCase() : undefined };
  const status = document.getElementById("status");
  clearTimeout(timer);
  try {
    const trip = await watch(credentials);
    section.hidden = false;
    if (!view) view = new TripView(makeMap(document.getElementById("trip-map")), document.getElementById("trip-facts"));
    view.show(trip);
    showEmergencies(trip);
    form.hidden = true; // the trip comes first now; a reload asks again
    document.getElementById("watch-intro").hidden = true;
    document.getElementById("trip-title").textContent = `${trip.account.name}'s trip`;
    status.textContent = "";
    const poll = async () => {
      try {
        const fresh = await watch(credentials);
        view.show(fresh);
        showEmergencies(fresh);
        if (fresh.status === "arrived") return;
      } catch { /* keep the last view; try again */ }
      timer = setTimeout(poll, pollMilliseconds);
    };
    if (trip.status !== "arrived") timer = setTimeout(poll, pollMilliseconds);
  } catch (error) {
    status.textContent = error.status === 400 && error.field === "phone" ? phoneAdvice : error.message;
  }
});
