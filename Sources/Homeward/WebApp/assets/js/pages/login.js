// Signing up and logging in.
import { api } from "../api.js";
import { h, replace, form } from "../dom.js";

/** A note on the log-in and sign-up pages when a linking QR code was opened before logging in:
 * what happens next, so the family is not left wondering where the code went. */
function pendingLinkNote() {
  const pending = sessionStorage.getItem("pendingLink");
  if (!pending) return null;
  const phone = decodeURIComponent(pending.split("/")[0]);
  return h("p", { class: "card hint", id: "pending-link" },
    `You opened the code of ${phone}. Log in, or create an account if you have none; the code and number will be filled in for you to press Link.`);
}

/** A note on the log-in page when the session ended while a page was open: nothing is lost. */
function signedOutNote() {
  if (!sessionStorage.getItem("returnTo")) return null;
  return h("p", { class: "card hint", id: "signed-out" },
    "You were signed out (the session ended, or you logged out on another device). Log in again and you are taken back to where you were.");
}

/** The log-in page. */
export function showLogin(view, session) {
  replace(view,
    h("h1", {}, "Log in"),
    signedOutNote(),
    pendingLinkNote(),
    form([
      { label: "Phone number", attributes: { name: "phone", type: "tel", autocomplete: "tel", required: true } },
      { label: "Password", attributes: { name: "password", type: "password", autocomplete: "current-password", required: true } },
    ], "Log in", async (values) => {
      await session.signedIn(await api("POST", "/v1/web/session", { ...values, country: browserCountry() }));
    }, { id: "login-form" }),
    h("p", {}, h("a", { href: "#reset", id: "forgot-password" }, "Forgot your password?")),
    h("p", {}, "New here? ", h("a", { href: "#signup" }, "Create an account")),
    h("p", {}, "Following someone's trip? ", h("a", { href: "/trip" }, "Follow a trip without an account")));
}

/** The sign-up page. */
export function showSignUp(view, session) {
  replace(view,
    h("h1", {}, "Create an account"),
    pendingLinkNote(),
    form([
      { label: "Your name", attributes: { name: "name", autocomplete: "name", required: true } },
      { label: "Phone number", attributes: { name: "phone", type: "tel", autocomplete: "tel", required: true } },
      { label: "Password (8 or more characters: upper and lower case, a digit and a sign)", attributes: { name: "password", type: "password", autocomplete: "new-password", required: true, minlength: 8 } },
    ], "Create account", async (values) => {
      const country = browserCountry();
      await api("POST", "/v1/accounts", { ...values, country });
      await session.signedIn(await api("POST", "/v1/web/session", { phone: values.phone, password: values.password, country }));
    }, { id: "signup-form" }),
    h("p", {}, "Have an account? ", h("a", { href: "#login" }, "Log in")));
}

/** The country of the browser's language ("GB" from "en-GB"), so a phone typed the local way is read there. */
export function browserCountry() {
  const match = /-([A-Za-z]{2})$/.exec(navigator.language || "");
  return match ? match[1].toUpperCase() : undefined;
}
