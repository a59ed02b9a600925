// Alerts: the feed, acknowledging, and the count of open emergencies in the title and the menu.
import { api } from "../api.js";
import { h, replace, clock, announce } from "../dom.js";
import { onEvent } from "../events.js";

const labels = {
  sos: "SOS", danger: "Danger: a countdown ran out", arrived: "Arrived", left_zone: "Left a safe zone",
  entered_zone: "Entered a safe zone", wandering: "Wandering", off_route: "Off route", overdue: "Overdue",
  stalled: "Stalled", silent: "Silent for too long", low_battery: "Low battery", unaccompanied: "Unaccompanied",
  expected_missed: "Not there in time",
};

/** Counts open SOS and danger alerts into the title and the menu badge. */
export async function refreshAlertBadge() {
  try {
    const { alerts } = await api("GET", "/v1/alerts?status=open");
    const urgent = alerts.filter((alert) => alert.type === "sos" || alert.type === "danger").length;
    const badge = document.getElementById("alert-count");
    badge.textContent = String(urgent);
    badge.hidden = urgent === 0;
    badge.setAttribute("aria-label", `${urgent} open emergencies`);
    document.title = urgent ? `(${urgent}) SOS · Homeward` : "Homeward";
  } catch { /* the badge stays as it was */ }
}

/** The alerts page. */
export async function showAlerts(view) {
  const list = h("ul", { class: "alerts", id: "alert-list" });
  replace(view, h("h1", {}, "Alerts"), list);
  async function load() {
    const { alerts } = await api("GET", "/v1/alerts");
    replace(list, alerts.length ? alerts.map(item) : h("li", { class: "card" }, "No alerts."));
  }
  function item(alert) {
    const acknowledge = h("button", { type: "button", class: "acknowledge" }, "Acknowledge");
    acknowledge.addEventListener("click", async () => {
      acknowledge.disabled = true;
      try {
        await api("POST", `/v1/alerts/${encodeURIComponent(alert.id)}/acknowledge`);
        announce("Acknowledged.");
        await load();
        refreshAlertBadge();
      } catch (error) {
        announce(error.message);
        acknowledge.disabled = false;
      }
    });
    return h("li", { class: `card alert-${alert.type}`, "data-alert": alert.id, "data-status": alert.status },
      h("strong", {}, `${labels[alert.type] || alert.type} · ${alert.account.name}`),
      h("p", {}, `${clock(alert.createdAt)} · ${alert.status}`,
        alert.acknowledgedBy ? ` by ${alert.acknowledgedBy.name}` : "",
        alert.message ? ` · ${alert.message}` : ""),
      alert.location ? h("p", {}, h("a", { href: `#person/${encodeURIComponent(alert.account.id)}` }, "Where"),
        ` (${alert.location.lat.toFixed(5)}, ${alert.location.lon.toFixed(5)})`) : null,
      alert.status === "open" ? acknowledge : null);
  }
  await load();
  return onEvent("alert", () => load());
}
