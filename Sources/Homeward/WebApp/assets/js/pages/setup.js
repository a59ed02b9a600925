// Set up this phone: choose the app, scan one square code (or tap one link on the phone itself), and
// see the first position arrive. The server makes a key that can only send positions. Below, whether
// the person appears in the family's Home Assistant.
import { api } from "../api.js";
import { h, replace, announce, when } from "../dom.js";

/** How often the page asks whether the phone was heard from. */
const statusRefreshMilliseconds = 3000;
/** How long the page waits before it lists what to check. */
const helpAfterMilliseconds = 120000;

const apps = [
  { app: "owntracks", label: "OwnTracks", phones: "iPhone or Android (the simplest choice)" },
  { app: "overland", label: "Overland", phones: "iPhone only" },
  { app: "traccar", label: "Traccar Client", phones: "iPhone or Android" },
];

/** What to check when no position came after two minutes. */
const checks = {
  owntracks: [
    "OwnTracks is open on the phone and showed “Import” or “Apply”: press it.",
    "“Allow external configuration” was on in OwnTracks before the code was scanned (iPhone: top of Settings; Android: Preferences › Remote Control). If not, turn it on and scan again.",
    "Location access for OwnTracks is “Always”, and the phone has internet (Wi-Fi or mobile data).",
  ],
  overland: [
    "Tracking is switched on in Overland (the big switch on its first screen).",
    "Location access for Overland is “Always”, and the phone has internet.",
  ],
  traccar: [
    "Traccar Client asked “Apply new configuration?” and OK was pressed; “Continuous tracking” is switched on.",
    "Location access for Traccar Client is “Always”, and the phone has internet.",
  ],
};

/** The page setting up the phone of the person with account id `id` (one's own by default). */
export async function showSetup(view, session, [id = session.account.id]) {
  const own = id === session.account.id;
  const person = own ? session.account : (await api("GET", `/v1/accounts/${encodeURIComponent(id)}/location`)).account;
  const result = h("div", { id: "setup-result" });
  const choices = h("fieldset", { class: "plain stack" },
    h("legend", {}, "Which app will the phone use?"),
    apps.map(({ app, label, phones }, index) => h("div", { class: "check" },
      h("input", { type: "radio", name: "app", value: app, id: `setup-app-${app}`, checked: index === 0 }),
      h("label", { for: `setup-app-${app}` }, h("strong", {}, label), ` · ${phones}`))));
  const make = h("button", { type: "button", id: "make-setup" }, "Show the code for this app");
  let stopWatching = () => {};
  make.addEventListener("click", async () => {
    const app = choices.querySelector("input[name=app]:checked").value;
    make.disabled = true;
    try {
      stopWatching();
      const setup = await api("POST", `/v1/accounts/${encodeURIComponent(id)}/phone-setup`, { app });
      stopWatching = showResult(result, setup, id, loadDevices, own ? null : person.name);
      await loadDevices();
      result.scrollIntoView({ block: "start", behavior: "smooth" });
      announce("The code is ready: scan it with the phone.");
    } catch (error) {
      replace(result, h("p", { class: "error" }, error.message));
    } finally {
      make.disabled = false;
    }
  });
  const devices = h("div", { id: "setup-devices" });
  async function loadDevices() {
    const list = (await api("GET", `/v1/accounts/${encodeURIComponent(id)}/devices`)).devices;
    replace(devices, list.length ? h("ul", { class: "stack" }, list.map((device) => {
      const remove = h("button", { type: "button", class: "secondary" }, `Remove “${device.name}”`);
      remove.addEventListener("click", async () => {
        if (!window.confirm(`Remove “${device.name}”? That phone stops sending ${own ? "your" : `${person.name}'s`} position until it is set up again.`)) return;
        remove.disabled = true;
        try {
          await api("DELETE", `/v1/accounts/${encodeURIComponent(id)}/devices/${encodeURIComponent(device.id)}`);
          announce(`“${device.name}” can no longer send positions.`);
          await loadDevices();
        } catch (error) {
          announce(error.message);
          remove.disabled = false;
        }
      });
      return h("li", { class: "row", "data-device": device.id },
        h("span", {}, device.name, " · ", device.lastUsedAt ? `last heard ${when(device.lastUsedAt)}`
          : `waiting for its first position (code shown ${when(device.createdAt)})`), remove);
    })) : h("p", {}, "None yet."));
  }
  const homeAssistant = h("section", { id: "home-assistant", class: "card stack", "aria-labelledby": "home-assistant-title" });
  replace(view,
    h("h1", {}, own ? "Set up this phone" : `Set up ${person.name}'s phone`),
    h("p", {}, own
      ? "Your phone can send where you are with a free app. Choose the app, then scan the square code with the phone (or, on this phone, tap “Open in …” under the code)."
      : `${person.name}'s phone can send where ${person.name} is with a free app. Choose the app, then scan the square code with ${person.name}'s phone.`),
    choices, make, result,
    h("h2", {}, own ? "Phones sending your position" : `Phones sending ${person.name}'s position`), devices,
    homeAssistant);
  await loadDevices();
  await showHomeAssistant(homeAssistant, id, own ? null : person.name);
  return () => stopWatching();
}

/** The "Show in Home Assistant" switch of the person `accountId` (`name`, or null for oneself). */
async function showHomeAssistant(area, accountId, name) {
  const path = `/v1/accounts/${encodeURIComponent(accountId)}/home-assistant`;
  let setting;
  try {
    setting = await api("GET", path);
  } catch (error) {
    replace(area, h("p", { class: "error" }, error.message));
    return;
  }
  // A server without Home Assistant says nothing about it: most families have none.
  if (setting.broker === "off" && !setting.enabled) {
    area.hidden = true;
    return;
  }
  const words = name
    ? { shown: `Home Assistant shows ${name} on its map, with the safe zone ${name} is in, and hears ${name}'s alerts.`,
        hidden: `When this is on, everyone who uses this home's Home Assistant sees where ${name} is. It can be turned off at any time.`,
        on: `${name} will appear in Home Assistant.`, off: `${name} no longer appears in Home Assistant.` }
    : { shown: "Home Assistant shows you on its map, with the safe zone you are in, and hears your alerts.",
        hidden: "When this is on, everyone who uses this home's Home Assistant sees where you are. It can be turned off at any time.",
        on: "You will appear in Home Assistant.", off: "You no longer appear in Home Assistant." };
  const toggle = h("input", { type: "checkbox", id: "home-assistant-toggle", checked: setting.enabled });
  const note = h("p", { class: "muted", id: "home-assistant-note" });
  const explain = (current) => {
    if (current.broker === "off") {
      replace(note, "Home Assistant is no longer connected to this Homeward server; whoever runs the server can connect it again.");
    } else if (current.enabled) {
      replace(note, words.shown, current.broker === "connected" ? "" : " The link to Home Assistant is down right now; it catches up as soon as it is back.");
    } else {
      replace(note, words.hidden);
    }
  };
  toggle.addEventListener("change", async () => {
    toggle.disabled = true;
    try {
      const changed = await api("PUT", path, { enabled: toggle.checked });
      explain(changed);
      announce(changed.enabled ? words.on : words.off);
    } catch (error) {
      toggle.checked = !toggle.checked;
      announce(error.message);
    } finally {
      toggle.disabled = false;
    }
  });
  explain(setting);
  replace(area,
    h("h2", { id: "home-assistant-title" }, "Home Assistant"),
    h("div", { class: "check" }, toggle, h("label", { for: "home-assistant-toggle" }, name ? `Show ${name} in Home Assistant` : "Show me in Home Assistant")),
    note);
}

/** A value to type into the app, with a button that copies it (the phone being set up can paste it). */
function copyable(value) {
  const code = h("code", {}, value);
  const copy = h("button", { type: "button", class: "secondary copy" }, "Copy");
  copy.addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(value);
      announce("Copied: paste it into the app.");
    } catch {
      window.getSelection().selectAllChildren(code);
      announce("Selected: copy it, then paste it into the app.");
    }
  });
  return h("div", { class: "copy-row" }, code, copy);
}

/** Shows the steps, the code and the link of `setup`, and watches for the phone's first position
 * (`heard` refreshes the list of phones when it comes; `name` is the person's, null for oneself). */
function showResult(area, setup, accountId, heard, name) {
  const status = h("p", { id: "setup-status", class: "card", role: "status" }, "Waiting for the first position from the phone…");
  const title = apps.find((item) => item.app === setup.app).label;
  // A new code replaces the codes shown before that no phone used: said, so that a phone which
  // scanned the old one is pointed at this one.
  const replaced = setup.replaced && setup.replaced.length
    ? h("p", { class: "card", id: "setup-replaced" }, h("strong", {}, "This code replaces the one shown before. "),
      `If ${name ? `${name}'s` : "your"} phone already scanned the earlier code, scan this one instead: only the newest code works.`)
    : null;
  replace(area,
    h("h2", {}, `Setting up ${title}`), replaced,
    h("ol", { class: "stack" }, setup.steps.map((step) => h("li", {}, step))),
    h("p", {}, "Get the app: ", setup.stores.flatMap((store, index) => [index ? " · " : "", h("a", { href: store.url, target: "_blank", rel: "noopener" }, store.name)])),
    h("img", { class: "qr large", id: "setup-qr", src: setup.qrCode, alt: `Square code that sets up ${title}` }),
    h("p", { class: "row" }, h("a", { href: setup.link, id: "setup-link", class: "button secondary" }, `Open in ${title}`),
      h("span", { class: "muted" }, "when this page is open on the phone being set up")),
    h("details", { id: "setup-type" }, h("summary", {}, "Type it in instead"),
      h("p", { class: "muted" }, `In ${title}'s settings, fill in:`),
      h("dl", { class: "stack", id: "setup-settings" }, setup.settings.flatMap((setting) => [h("dt", {}, setting.label), h("dd", {}, copyable(setting.value))]))),
    status,
    h("p", { class: "muted" }, `This phone appears as “${setup.device.name}” among the devices; the code only lets it send positions, and it can be removed at any time.`));
  const started = Date.now();
  let timer = null;
  async function check() {
    try {
      const device = await api("GET", `/v1/accounts/${encodeURIComponent(accountId)}/devices/${encodeURIComponent(setup.device.id)}`);
      if (device.lastUsedAt) {
        const seconds = Math.max(0, Math.round((Date.now() - Date.parse(device.lastUsedAt)) / 1000));
        replace(status, h("strong", { class: "ok" }, `Received the first position from this phone ✓ (${seconds} s ago)`));
        heard();
        return;
      }
      if (Date.now() - started > helpAfterMilliseconds) {
        replace(status, h("strong", {}, "Nothing has arrived yet. Please check:"),
          h("ul", {}, [...checks[setup.app], "The phone scanned this code, the newest one: pressing “Show the code” again makes the earlier code stop working."]
            .map((text) => h("li", {}, text))),
          h("p", {}, "The page keeps waiting; it changes as soon as a position arrives."));
      }
    } catch (error) {
      replace(status, h("span", { class: "error" }, error.message));
    }
    timer = setTimeout(check, statusRefreshMilliseconds);
  }
  timer = setTimeout(check, statusRefreshMilliseconds);
  return () => clearTimeout(timer);
}
