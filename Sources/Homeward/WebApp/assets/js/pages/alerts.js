// Alerts: the feed, acknowledging, how far an unanswered alert escalated, who was told on which
// channel, and the count of open emergencies in the title and the menu.
import { api } from "../api.js";
import { h, replace, clock, announce } from "../dom.js";
import { onEvent } from "../events.js";
import { alertHeadline } from "../words.js";
import { refreshAlerts } from "../banner.js";

/** How often an opened alert's deliveries are asked again while some are still being sent. */
const deliveriesRefreshMilliseconds = 3000;

/** "Not answered — reminder 2, next at 14:05": how far an alert escalated, or null. */
export function escalationText(alert) {
  const escalation = alert.escalation;
  if (!escalation) return null;
  if (alert.status !== "open") {
    return escalation.step > 0 ? `Answered after ${escalation.step} ${escalation.step === 1 ? "reminder" : "reminders"}` : null;
  }
  if (escalation.step > 0) {
    return `Not answered — reminder ${escalation.step}` + (escalation.nextAt ? `, next at ${clock(escalation.nextAt)}` : ", no more reminders");
  }
  return escalation.nextAt ? `If nobody answers: a reminder at ${clock(escalation.nextAt)}` : null;
}

/** An alert's status as the family reads it. */
const statusWords = { pending: "waiting", open: "not answered yet", acknowledged: "answered", resolved: "over", cancelled: "cancelled" };

const eventNames = {
  raised: "the alert", fired: "the alert", escalated: "a reminder", acknowledged: "that it was answered",
  resolved: "that it is over", cancelled: "that it was cancelled",
};

/** One delivery as a sentence: "Anna · ntfy “Phone”: the alert — delivered at 14:03 (1 try)". */
function deliveryItem(delivery) {
  const channel = delivery.channelLabel ? `${delivery.channel} “${delivery.channelLabel}”` : delivery.channel;
  const tries = `${delivery.attempts} ${delivery.attempts === 1 ? "try" : "tries"}`;
  const outcome = {
    delivered: () => `Delivered${delivery.deliveredAt ? ` at ${clock(delivery.deliveredAt)}` : ""} (${tries})`,
    held: () => "Held until their quiet hours end",
    pending: () => `Sending (${tries} so far${delivery.nextAttemptAt ? `, next at ${clock(delivery.nextAttemptAt)}` : ""})`,
    failed: () => `Failed after ${tries}`,
  }[delivery.status];
  return h("li", { "data-status": delivery.status },
    h("span", {}, `${delivery.recipient.name} · ${channel}: ${eventNames[delivery.event] || delivery.event} — `),
    h("strong", { class: delivery.status === "failed" ? "error" : delivery.status === "delivered" ? "ok" : "" },
      outcome ? outcome() : delivery.status),
    delivery.lastError && delivery.status !== "delivered" ? h("span", { class: "muted" }, ` (${delivery.lastError})`) : null);
}

/** The alerts page; `focus`, an alert's id (a notification's link, `#alerts/<id>`), is brought into view. */
export async function showAlerts(view, session, [focus] = []) {
  const list = h("ul", { class: "alerts", id: "alert-list" });
  replace(view, h("h1", {}, "Alerts"), list);
  const opened = new Set();
  const timers = new Map();
  function stopRefreshing(id) {
    clearTimeout(timers.get(id));
    timers.delete(id);
  }
  async function load() {
    const { alerts } = await api("GET", "/v1/alerts");
    for (const id of timers.keys()) stopRefreshing(id);
    replace(list, alerts.length ? alerts.map(item) : h("li", { class: "card" }, "No alerts."));
  }
  /** Who was told, on which channel, and whether it got through; asked again while any is pending. */
  function deliveries(alert) {
    const area = h("div", { class: "deliveries" }, "Asking the server…");
    const details = h("details", { class: "who-was-told", open: opened.has(alert.id) },
      h("summary", {}, "Who was told"), area);
    let asking = false;
    async function show() {
      stopRefreshing(alert.id);
      if (!details.open || asking) return;
      asking = true;
      try {
        const { deliveries } = await api("GET", `/v1/alerts/${encodeURIComponent(alert.id)}/deliveries`);
        replace(area, deliveries.length ? h("ul", {}, deliveries.map(deliveryItem))
          : h("p", {}, "No channel was told: guardians saw it in the app. Add channels under Notifications."));
        if (details.open && deliveries.some((d) => d.status === "pending")) {
          timers.set(alert.id, setTimeout(show, deliveriesRefreshMilliseconds));
        }
      } catch (error) {
        replace(area, h("p", { class: "error" }, error.message));
      } finally {
        asking = false;
      }
    }
    details.addEventListener("toggle", () => {
      if (details.open) opened.add(alert.id); else opened.delete(alert.id);
      show();
    });
    if (details.open) show();
    return details;
  }
  function item(alert) {
    const acknowledge = h("button", { type: "button", class: "acknowledge" }, "Acknowledge");
    acknowledge.addEventListener("click", async () => {
      acknowledge.disabled = true;
      try {
        await api("POST", `/v1/alerts/${encodeURIComponent(alert.id)}/acknowledge`);
        announce("Acknowledged.");
        await load();
        refreshAlerts();
      } catch (error) {
        announce(error.message);
        acknowledge.disabled = false;
      }
    });
    return h("li", { class: `card alert-${alert.type}`, "data-alert": alert.id, "data-status": alert.status },
      h("strong", {}, alertHeadline(alert)),
      h("p", {}, `${clock(alert.createdAt)} · ${statusWords[alert.status] || alert.status}`,
        alert.acknowledgedBy ? ` by ${alert.acknowledgedBy.name}` : "",
        alert.message ? ` · “${alert.message}”` : ""),
      escalationText(alert) ? h("p", { class: alert.status === "open" && alert.escalation.step > 0 ? "escalation error" : "escalation" }, escalationText(alert)) : null,
      alert.location ? h("p", {}, h("a", { href: `#home/${encodeURIComponent(alert.account.id)}` }, "Show on the map"), " · ",
        h("a", { href: `https://www.openstreetmap.org/?mlat=${alert.location.lat}&mlon=${alert.location.lon}#map=17/${alert.location.lat}/${alert.location.lon}`,
          target: "_blank", rel: "noopener" }, "Open where it was in a maps app")) : null,
      alert.status === "open" ? acknowledge : null,
      deliveries(alert));
  }
  await load();
  const focused = focus && list.querySelector(`[data-alert="${CSS.escape(focus)}"]`);
  if (focused) {
    focused.setAttribute("tabindex", "-1");
    focused.setAttribute("aria-current", "true");
    focused.scrollIntoView({ block: "center" });
    focused.focus({ preventScroll: true });
  }
  const unsubscribe = onEvent("alert", () => load());
  return () => {
    unsubscribe();
    for (const id of timers.keys()) stopRefreshing(id);
  };
}
