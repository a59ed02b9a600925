// Notifications: where alerts reach a guardian (this browser by Web Push; ntfy, Gotify, Telegram,
// email), a test per channel, quiet hours, and for someone watched, who is called first.
import { api, APIError } from "../api.js";
import { h, replace, announce, when, locales } from "../dom.js";
import { alertLabels } from "../words.js";

/** The server's kinds of channel (`Channels.all`), which the page carries: each with its name, and
 * for those the form adds on this server (`offered`; email only where the server can send mail) the
 * steps in plain words and the fields. */
const channelKinds = JSON.parse(
  (document.querySelector('meta[name="homeward-channels"]') || { content: "[]" }).content || "[]");

/** What each kind is called ("ntfy app", "This browser"). */
const kindNames = Object.fromEntries(channelKinds.map((kind) => [kind.kind, kind.name]));

/** A topic name nobody could guess, made in this browser for the ntfy steps (a topic on ntfy.sh is
 * read by whoever knows its name): the server's words say `{topic}` where it goes. */
const suggestedTopic = `homeward-${Array.from(crypto.getRandomValues(new Uint8Array(6)), (byte) => "abcdefghijkmnpqrstuvwxyz23456789"[byte % 32]).join("")}`;
const withTopic = (text) => (typeof text === "string" ? text.replaceAll("{topic}", suggestedTopic) : text);

/** The kinds the form adds, by kind: their steps and fields. */
const formKinds = Object.fromEntries(channelKinds.filter((kind) => kind.offered).map((kind) => [kind.kind, kind]));

/** The notifications page. */
export async function showNotifications(view) {
  const [{ channels }, quiet, escalation, links] = await Promise.all([
    api("GET", "/v1/me/channels"),
    api("GET", "/v1/me/quiet-hours").catch((error) => {
      if (error instanceof APIError && error.status === 404) return null;
      throw error;
    }),
    api("GET", "/v1/me/escalation"),
    api("GET", "/v1/links"),
  ]);
  const list = h("ul", { class: "channels", id: "channel-list" });
  const testResults = new Map();

  async function reload() {
    renderChannels((await api("GET", "/v1/me/channels")).channels);
  }
  function renderChannels(items) {
    replace(list, items.length ? items.map((channel) => channelItem(channel, testResults, reload))
      : h("li", { class: "card" }, "No channels yet: alerts show in this app only while it is open."));
  }
  renderChannels(channels);

  const told = [
    h("p", {}, "Choose where alerts about the people you look after reach you, even when this app is closed."),
    h("h2", {}, "This browser"), pushSection(reload),
    h("h2", {}, "Your channels"), list,
    h("h2", {}, "Add a channel"), channelForm(reload),
    h("h2", {}, "Quiet hours"), quietHoursForm(quiet),
  ];
  const calling = links.guardians.length
    ? [h("h2", {}, "Who is called first"), escalationForm(escalation, links.guardians)] : [];
  // Someone who is looked after but looks after no one sees their own setting first.
  replace(view, h("h1", {}, "Notifications"), links.dependents.length ? [...told, ...calling] : [...calling, ...told]);
}

/** One channel: where it sends, what it carries, how it last went, a test and removing it. */
function channelItem(channel, testResults, reload) {
  const name = channel.label || kindNames[channel.kind];
  const result = h("p", { class: "test-result", role: "status" });
  const shown = testResults.get(channel.id);
  if (shown) { result.textContent = shown.text; result.className = `test-result ${shown.ok ? "ok" : "error"}`; }
  const test = h("button", { type: "button", class: "send-test" }, "Send a test");
  test.setAttribute("aria-label", `Send a test to ${name}`);
  test.addEventListener("click", async () => {
    test.disabled = true;
    result.className = "test-result";
    result.textContent = "Sending…";
    try {
      const answer = await api("POST", `/v1/me/channels/${encodeURIComponent(channel.id)}/test`);
      testResults.set(channel.id, answer.delivered
        ? { ok: true, text: "Delivered: check that it arrived." }
        : { ok: false, text: `Not delivered: ${answer.error || "the service refused it"}` });
    } catch (error) {
      testResults.set(channel.id, { ok: false, text: error.message });
    }
    await reload().catch(() => {});
  });
  const remove = h("button", { type: "button", class: "secondary remove" }, "Remove");
  remove.setAttribute("aria-label", `Remove ${name}`);
  remove.addEventListener("click", async () => {
    if (!confirm(`Stop sending alerts to ${name}?`)) return;
    try {
      await api("DELETE", `/v1/me/channels/${encodeURIComponent(channel.id)}`);
      testResults.delete(channel.id);
      announce(`${name} removed.`);
      await reload();
    } catch (error) {
      announce(error.message);
    }
  });
  const carries = channel.alertTypes ? channel.alertTypes.map((type) => alertLabels[type] || type).join(", ") : "every alert";
  return h("li", { class: "card", "data-channel": channel.id, "data-kind": channel.kind },
    h("strong", {}, name),
    h("p", { class: "muted target" }, `${kindNames[channel.kind] || channel.kind} · ${channel.target}`),
    h("p", {}, `Carries: ${carries}`),
    h("p", {}, channel.lastSuccessAt ? `Last got through ${when(channel.lastSuccessAt)}.` : "Nothing sent yet."),
    channel.lastError && (!channel.lastSuccessAt || channel.lastErrorAt > channel.lastSuccessAt)
      ? h("p", { class: "error" }, `Last failed ${when(channel.lastErrorAt)}: ${channel.lastError}`) : null,
    h("div", { class: "row" }, test, remove),
    result);
}

/** The form that adds an ntfy, Gotify, Telegram or email channel. */
function channelForm(reload) {
  const kind = h("select", { id: "channel-kind", name: "kind" },
    Object.keys(formKinds).map((key) => h("option", { value: key }, kindNames[key])));
  const groups = {};
  for (const [key, { fields }] of Object.entries(formKinds)) {
    groups[key] = h("fieldset", { class: "stack plain", "data-kind": key },
      h("legend", { class: "visually-hidden" }, `${kindNames[key]} settings`),
      fields.flatMap((field) => {
        const id = `channel-${key}-${field.name}`;
        return [h("label", { for: id }, field.label), h("input", {
          id, name: field.name, type: field.type, required: field.required, placeholder: withTopic(field.placeholder),
          autocomplete: field.autocomplete,
        })];
      }));
  }
  const label = h("input", { id: "channel-label", name: "label", maxlength: 100, placeholder: "e.g. My phone" });
  const types = alertTypeChooser();
  const message = h("p", { class: "error", role: "alert" });
  const submit = h("button", { type: "submit" }, "Add channel");
  const element = h("form", { class: "card", id: "channel-form" },
    h("label", { for: "channel-kind" }, "Send alerts to"), kind,
    h("ol", { class: "steps", id: "channel-help" }),
    Object.values(groups),
    h("label", { for: "channel-label" }, "Name (optional)"), label,
    types.element, submit, message);
  function showKind() {
    for (const [key, group] of Object.entries(groups)) {
      group.hidden = key !== kind.value;
      group.disabled = key !== kind.value;
    }
    replace(element.querySelector("#channel-help"), formKinds[kind.value].help.map((step) => h("li", {}, withTopic(step))));
  }
  kind.addEventListener("change", showKind);
  showKind();
  element.addEventListener("submit", async (event) => {
    event.preventDefault();
    message.textContent = "";
    submit.disabled = true;
    const settings = {};
    for (const input of groups[kind.value].querySelectorAll("input")) {
      if (input.value.trim()) settings[input.name] = input.value.trim();
    }
    try {
      await api("POST", "/v1/me/channels", {
        kind: kind.value, label: label.value.trim() || null, alertTypes: types.value(), [kind.value]: settings,
      });
      announce(`${kindNames[kind.value]} channel added. Send a test to check it.`);
      for (const input of groups[kind.value].querySelectorAll("input")) input.value = "";
      label.value = "";
      types.reset();
      await reload();
    } catch (error) {
      message.textContent = error.message;
    } finally {
      submit.disabled = false;
    }
  });
  return element;
}

/** Check boxes for the alert types a channel carries, all ticked at first; value() is null for all. */
function alertTypeChooser() {
  const boxes = Object.entries(alertLabels).map(([type, text]) => {
    const id = `channel-type-${type}`;
    const box = h("input", { type: "checkbox", id, value: type, checked: true });
    return { box, element: h("div", { class: "check" }, box, h("label", { for: id }, text)) };
  });
  const summary = h("summary", {}, "Which alerts: all");
  const update = () => {
    const ticked = boxes.filter((b) => b.box.checked).length;
    summary.textContent = ticked === boxes.length ? "Which alerts: all" : `Which alerts: ${ticked} of ${boxes.length}`;
  };
  const element = h("details", { class: "alert-types" }, summary,
    h("fieldset", { class: "plain" }, h("legend", {}, "Alerts this channel carries"), boxes.map((b) => b.element)));
  element.addEventListener("change", update);
  return {
    element,
    value() {
      const ticked = boxes.filter((b) => b.box.checked).map((b) => b.box.value);
      if (ticked.length === 0) throw new Error("Tick at least one kind of alert.");
      return ticked.length === boxes.length ? null : ticked;
    },
    reset() { for (const b of boxes) b.box.checked = true; update(); element.open = false; },
  };
}

/** "Notify this browser": the Web Push subscription, or why this browser cannot have one. */
function pushSection(reload) {
  const area = h("div", { class: "card stack", id: "push-area" });
  const iOS = /iPad|iPhone|iPod/.test(navigator.userAgent) || (navigator.platform === "MacIntel" && navigator.maxTouchPoints > 1);
  const supported = "serviceWorker" in navigator && "PushManager" in window && "Notification" in window && window.isSecureContext;
  if (!supported) {
    replace(area, h("p", { id: "push-unavailable" }, iOS
      ? "On an iPhone or iPad, notifications work once Homeward is on the home screen: tap Share, then “Add to Home Screen”, and open Homeward from there."
      : "This browser cannot show notifications from Homeward (it needs a secure https address and a browser with Web Push). Add a channel below instead."));
    return area;
  }
  const result = h("p", { role: "status", id: "push-result" });
  const button = h("button", { type: "button", id: "push-subscribe" }, "Notify this browser");
  button.addEventListener("click", async () => {
    button.disabled = true;
    result.className = "";
    result.textContent = "Asking the browser…";
    try {
      if (await Notification.requestPermission() !== "granted") {
        throw new Error("Notifications are blocked for this site: allow them in the browser's site settings, then try again.");
      }
      const registration = await navigator.serviceWorker.ready;
      const existing = await registration.pushManager.getSubscription();
      const known = existing && await channelOfThisBrowser();
      if (known) {
        result.textContent = `This browser already shows alerts (“${known.label || kindNames.webpush}” below).`;
        return;
      }
      const { publicKey } = await api("GET", "/v1/push/vapid-public-key");
      const subscription = existing
        || await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: base64URLBytes(publicKey) });
      const channel = await api("POST", "/v1/me/channels", { kind: "webpush", label: browserName(), webpush: subscription.toJSON() });
      localStorage.setItem(pushChannelKey, channel.id);
      result.textContent = "This browser will show alerts. Send a test below to see one.";
      await reload();
    } catch (error) {
      result.className = "error";
      result.textContent = error.message;
    } finally {
      button.disabled = false;
    }
  });
  replace(area,
    h("p", {}, "Alerts appear on this phone or computer like a message, even when Homeward is closed."),
    iOS ? h("p", { class: "muted" }, "On an iPhone or iPad this works in Homeward opened from the home screen.") : null,
    button, result);
  return area;
}

/** Where this browser remembers the id of the channel its push subscription was posted as. */
const pushChannelKey = "homeward-push-channel";

/** The channel this browser's subscription was posted as, if it is still there. */
async function channelOfThisBrowser() {
  const id = localStorage.getItem(pushChannelKey);
  if (!id) return null;
  const { channels } = await api("GET", "/v1/me/channels");
  return channels.find((channel) => channel.id === id && channel.kind === "webpush") || null;
}

/** Bytes of a base64url string (the server's VAPID key). */
function base64URLBytes(text) {
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/").padEnd(Math.ceil(text.length / 4) * 4, "="));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/** "Chrome on Android": a name for this browser's channel. */
function browserName() {
  const agent = navigator.userAgent;
  const browser = /Edg\//.test(agent) ? "Edge" : /Firefox\//.test(agent) ? "Firefox" : /Chrome\//.test(agent) ? "Chrome"
    : /Safari\//.test(agent) ? "Safari" : "Browser";
  const system = /Android/.test(agent) ? "Android" : /iPhone|iPad|iPod/.test(agent) ? "iPhone" : /Mac OS/.test(agent) ? "Mac"
    : /Windows/.test(agent) ? "Windows" : /Linux/.test(agent) ? "Linux" : "";
  return system ? `${browser} on ${system}` : browser;
}

/** The time zone of this browser (the phone or computer the page is open on). */
const deviceZone = Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";

/** How a family reads a time zone: "Buenos Aires, Argentina" for America/Argentina/Buenos_Aires. */
function placeOf(zone) {
  const parts = zone.split("/").map((part) => part.replace(/_/g, " "));
  return parts.length > 1 ? parts.slice(1).reverse().join(", ") : parts[0];
}

/** The time now in `zone`, "14:05", or "" where the browser cannot say. */
function timeIn(zone) {
  try {
    return new Date().toLocaleTimeString(locales, { timeZone: zone, hour: "2-digit", minute: "2-digit" });
  } catch { return ""; }
}

/** A choice of time zone as places grouped by part of the world, each with its time now, this
 * device's zone marked; `chosen` is selected (the server still checks whatever is sent). */
function timeZoneSelect(id, chosen) {
  const names = new Set(Intl.supportedValuesOf ? Intl.supportedValuesOf("timeZone") : []);
  for (const zone of [deviceZone, chosen, "UTC"]) if (zone) names.add(zone);
  const regions = { Africa: "Africa", America: "Americas", Antarctica: "Antarctica", Arctic: "Arctic", Asia: "Asia",
    Atlantic: "Atlantic", Australia: "Australia", Europe: "Europe", Indian: "Indian Ocean", Pacific: "Pacific" };
  const groups = new Map();
  for (const zone of [...names].sort()) {
    const region = regions[zone.split("/")[0]] && zone.includes("/") ? regions[zone.split("/")[0]] : "Other";
    if (!groups.has(region)) groups.set(region, []);
    const now = timeIn(zone);
    groups.get(region).push(h("option", { value: zone, selected: zone === chosen },
      `${placeOf(zone)}${zone === deviceZone ? " (this device)" : ""}${now ? ` · ${now} now` : ""}`));
  }
  const order = [...Object.values(regions), "Other"].filter((region) => groups.has(region));
  return h("select", { id, name: "timeZone", required: true }, order.map((region) => h("optgroup", { label: region }, groups.get(region))));
}

/** The quiet hours: from, until and the time zone (a place to choose, this device's by default);
 * saving or clearing them. */
function quietHoursForm(quiet) {
  const start = h("input", { id: "quiet-start", name: "start", type: "time", required: true, value: quiet ? quiet.start : "22:00" });
  const end = h("input", { id: "quiet-end", name: "end", type: "time", required: true, value: quiet ? quiet.end : "07:00" });
  const timeZone = timeZoneSelect("quiet-zone", quiet ? quiet.timeZone : deviceZone);
  const zoneHint = h("p", { class: "muted", id: "quiet-zone-hint" });
  const hint = () => replace(zoneHint, timeZone.value === deviceZone
    ? `The times are this device's: ${placeOf(deviceZone)} time.`
    : `The times are ${placeOf(timeZone.value)} time (${timeIn(timeZone.value)} there now); this device is on ${placeOf(deviceZone)} time.`);
  timeZone.addEventListener("change", hint);
  hint();
  const state = h("p", { id: "quiet-state", role: "status" });
  const message = h("p", { class: "error", role: "alert" });
  const clear = h("button", { type: "button", class: "secondary", id: "quiet-clear" }, "No quiet hours");
  const describe = (hours) => {
    state.textContent = hours ? `Quiet from ${hours.start} until ${hours.end} (${placeOf(hours.timeZone)} time).` : "No quiet hours: every alert comes at once.";
    clear.hidden = !hours;
  };
  describe(quiet);
  clear.addEventListener("click", async () => {
    message.textContent = "";
    try {
      await api("DELETE", "/v1/me/quiet-hours");
      describe(null);
      announce("Quiet hours cleared.");
    } catch (error) {
      message.textContent = error.message;
    }
  });
  const element = h("form", { class: "card", id: "quiet-form" },
    h("p", {}, "Ordinary alerts (left a zone, low battery, …) wait until the quiet hours end. An SOS, a danger and an unanswered alert always come at once."),
    h("div", { class: "pair" },
      h("div", { class: "stack" }, h("label", { for: "quiet-start" }, "From"), start),
      h("div", { class: "stack" }, h("label", { for: "quiet-end" }, "Until"), end)),
    h("label", { for: "quiet-zone" }, "Time zone (choose the nearest city)"), timeZone, zoneHint,
    h("div", { class: "row" }, h("button", { type: "submit" }, "Save quiet hours"), clear),
    state, message);
  element.addEventListener("submit", async (event) => {
    event.preventDefault();
    message.textContent = "";
    try {
      describe(await api("PUT", "/v1/me/quiet-hours", { start: start.value, end: end.value, timeZone: timeZone.value }));
      announce("Quiet hours saved.");
    } catch (error) {
      // The server's words name its field; a family is told what to do instead.
      message.textContent = error.field === "timeZone"
        ? "The server does not know this time zone: choose another city with the same time."
        : error.message;
    }
  });
  return element;
}

/** For someone watched: the order their guardians are told in, and the minutes before a reminder. */
function escalationForm(escalation, guardianLinks) {
  const guardians = guardianLinks.map((link) => link.guardian);
  const ordered = escalation.order.map((who) => guardians.find((g) => g.id === who.id)).filter(Boolean);
  let order = [...ordered, ...guardians.filter((g) => !ordered.includes(g))];
  const oneByOne = h("input", { type: "checkbox", id: "escalation-one-by-one", checked: escalation.order.length > 0 });
  const list = h("ol", { class: "order", id: "escalation-order" });

  function render(focus) {
    replace(list, order.map((guardian, index) => {
      const up = h("button", { type: "button", class: "secondary move-up", disabled: index === 0, "aria-label": `Move ${guardian.name} up` }, "↑ Up");
      const down = h("button", { type: "button", class: "secondary move-down", disabled: index === order.length - 1, "aria-label": `Move ${guardian.name} down` }, "↓ Down");
      up.addEventListener("click", () => move(index, -1, "up"));
      down.addEventListener("click", () => move(index, 1, "down"));
      const item = h("li", { class: "row", "data-guardian": guardian.id }, h("span", { class: "grow" }, `${index + 1}. ${guardian.name}`), up, down);
      if (focus && focus.id === guardian.id) {
        queueMicrotask(() => {
          const preferred = item.querySelector(`.move-${focus.direction}`);
          (preferred.disabled ? item.querySelector(`.move-${focus.direction === "up" ? "down" : "up"}`) : preferred).focus();
        });
      }
      return item;
    }));
  }
  function move(index, by, direction) {
    const target = index + by;
    if (target < 0 || target >= order.length) return;
    const moved = order[index];
    order = order.slice();
    [order[index], order[target]] = [order[target], order[index]];
    render({ id: moved.id, direction });
    announce(`${moved.name} is now number ${target + 1}.`);
  }
  render();

  const minutes = escalation.minutes || {};
  const number = (type, label, value, optional) => {
    const id = `escalation-${type}`;
    return [h("label", { for: id }, label),
      h("input", { id, name: type, type: "number", min: 1, max: 60, required: !optional, value: value ?? "" })];
  };
  const message = h("p", { class: "error", role: "alert" });
  const element = h("form", { class: "card", id: "escalation-form" },
    h("p", {}, "When you send an SOS, or something goes wrong, and nobody answers in time, Homeward reminds everyone told so far and calls the next person."),
    h("div", { class: "check" }, oneByOne, h("label", { for: "escalation-one-by-one" }, "Call them one at a time, in this order (otherwise everyone at once)")),
    list,
    h("fieldset", { class: "stack plain" }, h("legend", {}, "Minutes without an answer before the next call"),
      number("sos", "SOS", minutes.sos), number("danger", "Danger (a countdown ran out)", minutes.danger),
      number("left_zone", "Left a safe zone (empty: no reminders)", minutes.left_zone, true)),
    h("button", { type: "submit" }, "Save"), message);
  element.addEventListener("submit", async (event) => {
    event.preventDefault();
    message.textContent = "";
    const value = (name) => element.elements[name].value;
    try {
      await api("PUT", "/v1/me/escalation", {
        order: oneByOne.checked ? order.map((g) => g.id) : [],
        minutes: { sos: Number(value("sos")), danger: Number(value("danger")), left_zone: value("left_zone") === "" ? null : Number(value("left_zone")) },
      });
      announce("Saved: who is called first.");
    } catch (error) {
      message.textContent = error.message;
    }
  });
  return element;
}
