// The guardian web app: the session, the navigation between pages (by the address's #fragment)
// and what every page shares (the event stream, the alert banners, badge and sound).
import { api, setCSRFToken, onSessionEnded } from "./api.js";
import { connectEvents, disconnectEvents } from "./events.js";
import { h, replace } from "./dom.js";
import { startAlertBanner, stopAlertBanner } from "./banner.js";
import { showLogin, showSignUp } from "./pages/login.js";
import { showHome } from "./pages/home.js";
import { showPerson } from "./pages/person.js";
import { showAlerts } from "./pages/alerts.js";
import { showZones } from "./pages/zones.js";
import { showLink } from "./pages/link.js";
import { showTrips } from "./pages/trips.js";
import { showJournal } from "./pages/journal.js";
import { showProfile } from "./pages/profile.js";
import { showNotifications } from "./pages/notifications.js";
import { showSetup } from "./pages/setup.js";
import { showReset } from "./pages/reset.js";

const pages = {
  home: showHome, person: showPerson, alerts: showAlerts, zones: showZones, link: showLink,
  trips: showTrips, journal: showJournal, profile: showProfile, notifications: showNotifications,
  setup: showSetup, reset: showReset,
};

/** What every page gets: the signed-in account and ways to change the session. */
const session = {
  account: null,
  async signedIn(web) {
    setCSRFToken(web.csrfToken);
    session.account = web.account;
    document.getElementById("nav").hidden = false;
    connectEvents();
    startAlertBanner(web.account);
    const pending = sessionStorage.getItem("pendingLink");
    sessionStorage.removeItem("pendingLink");
    // Signed out while on a page (the session ended): back to that page.
    const returnTo = sessionStorage.getItem("returnTo");
    sessionStorage.removeItem("returnTo");
    if (!pending && returnTo) {
      if (location.hash === returnTo) route(); else location.hash = returnTo;
      return;
    }
    // The QR code's link opened before logging in: back to it with the phone and code (the address
    // may still be that link, which changes nothing and so must be routed by hand).
    if (pending && location.hash !== `#link/${pending}`) location.hash = `#link/${pending}`;
    else if (pending) route();
    else if (!location.hash || location.hash === "#login" || location.hash === "#signup") location.hash = "#home";
    else route();
  },
  async signOut() {
    try { await api("DELETE", "/v1/web/session"); } catch { /* the cookie is cleared either way */ }
    session.forget();
    location.hash = "#login";
  },
  /** The server no longer knows this session: the log-in page says so and leads back here. */
  ended() {
    if (!session.account) return;
    const page = location.hash && !["#login", "#signup"].includes(location.hash) ? location.hash : "#home";
    sessionStorage.setItem("returnTo", page);
    session.forget();
    if (location.hash === "#login") route(); else location.hash = "#login";
  },
  forget() {
    setCSRFToken(null);
    session.account = null;
    disconnectEvents();
    stopAlertBanner();
    document.getElementById("nav").hidden = true;
  },
};

onSessionEnded(() => session.ended());

let cleanup = null;
let shown = null;

/** Shows the page the address names. */
async function route() {
  const view = document.getElementById("view");
  const [name, ...rest] = location.hash.replace(/^#/, "").split("/");
  if (cleanup) { cleanup(); cleanup = null; }
  document.body.dataset.page = name || "home";
  for (const link of document.querySelectorAll("nav a")) {
    if (link.getAttribute("href") === `#${name}`) link.setAttribute("aria-current", "page");
    else link.removeAttribute("aria-current");
  }
  if (!session.account) {
    shown = null;
    if (name === "link" && rest.length === 2) sessionStorage.setItem("pendingLink", rest.join("/"));
    if (name === "reset") showReset(view, session, rest.map(decodeURIComponent));
    else (name === "signup" ? showSignUp : showLogin)(view, session);
    return;
  }
  const show = pages[name] || showHome;
  // Each visit draws into its own element: a page still loading when the address changes again
  // draws into one no longer shown, and is cleaned up at once.
  const page = h("div", { class: "page" }, h("p", {}, "Loading…"));
  shown = page;
  replace(view, page);
  let stop = null;
  try {
    stop = (await show(page, session, rest.map(decodeURIComponent))) || null;
  } catch (error) {
    // A page about someone whose link ended (or an old address) is 404: said so, with the way back.
    if (error.status === 404) {
      replace(page, h("h1", {}, "Not here any more"),
        h("p", { id: "page-gone" }, "This page cannot be shown: the person may have ended their link with you, or the address is old."),
        h("p", {}, h("a", { href: "#home", class: "button" }, "Back to People")));
    } else {
      replace(page, h("h1", {}, "Something went wrong"), h("p", { class: "error" }, error.message),
        h("p", {}, h("a", { href: "#home" }, "Back to People")));
    }
  }
  if (shown !== page) {
    if (stop) stop();
    return;
  }
  cleanup = stop;
  // The new page takes the keyboard, unless it gave it to one of its fields already.
  if (!page.contains(document.activeElement)) view.focus({ preventScroll: true });
}

window.addEventListener("hashchange", route);

async function start() {
  if ("serviceWorker" in navigator) navigator.serviceWorker.register("/sw.js").catch(() => {});
  try {
    await session.signedIn(await api("GET", "/v1/web/session"));
  } catch {
    // A page of the app opened without a session (a bookmark, or the session ended since): after
    // logging in, that page.
    const name = location.hash.replace(/^#/, "").split("/")[0];
    if (pages[name] && !["home", "reset", "link"].includes(name)) sessionStorage.setItem("returnTo", location.hash);
    route();
  }
}

start();
