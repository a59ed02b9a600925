// /trip: a companion follows a trip with the traveller's phone number and the access code, no
// account needed; the page asks again every few seconds until the traveller arrives.
import { APIError } from "./api.js";
import { makeMap } from "./map.js";
import { TripView } from "./tripview.js";

const pollMilliseconds = 2000;
const form = document.getElementById("watch-form");
const section = document.getElementById("trip");
let view = null;
let timer = null;

async function watch(credentials) {
  const response = await fetch("/v1/trips/watch", {
    method: "POST", headers: { "Content-Type": "application/json", Accept: "application/json" }, body: JSON.stringify(credentials),
  });
  const data = await response.json();
  if (!response.ok) throw new APIError(data.error ? data.error.message : response.statusText, response.status);
  return data;
}

form.addEventListener("submit", async (event) => {
  event.preventDefault();
  const credentials = { phone: form.elements.phone.value, accessCode: form.elements.accessCode.value };
  const status = document.getElementById("status");
  clearTimeout(timer);
  try {
    const trip = await watch(credentials);
    section.hidden = false;
    if (!view) view = new TripView(makeMap(document.getElementById("trip-map")), document.getElementById("trip-facts"));
    view.show(trip);
    status.textContent = "";
    const poll = async () => {
      try {
        const fresh = await watch(credentials);
        view.show(fresh);
        if (fresh.status === "arrived") return;
      } catch { /* keep the last view; try again */ }
      timer = setTimeout(poll, pollMilliseconds);
    };
    if (trip.status !== "arrived") timer = setTimeout(poll, pollMilliseconds);
  } catch (error) {
    status.textContent = error.message;
  }
});
