// A forgotten password: "Forgot your password?" mails a reset link (or says how else to get one); the
// link's page sets the new password, which signs the account out everywhere.
import { api } from "../api.js";
import { h, replace, form } from "../dom.js";
import { browserCountry } from "./login.js";

/** The reset page: with `token` (from a reset link) it sets a new password, without it it asks for one by email. */
export function showReset(view, session, [token = ""]) {
  if (token) {
    replace(view,
      h("h1", {}, "Choose a new password"),
      form([
        { label: "New password (8 or more characters: upper and lower case, a digit and a sign)", attributes: { name: "newPassword", type: "password", autocomplete: "new-password", required: true, minlength: 8 } },
      ], "Save the new password", async (values) => {
        await api("POST", "/v1/password-reset", { token, newPassword: values.newPassword });
        replace(view,
          h("h1", {}, "Your password is changed"),
          h("p", { id: "reset-done" }, "You were signed out on every phone and computer. ", h("a", { href: "#login" }, "Log in"), " with the new password."));
      }, { id: "reset-form" }));
    return;
  }
  // A server that cannot send mail offers no email form: only the way that works.
  const sendsEmail = (document.querySelector('meta[name="homeward-server"]') || { content: "" }).content.includes("sends-email=true");
  if (!sendsEmail) {
    replace(view,
      h("h1", {}, "Forgot your password?"),
      h("p", { id: "reset-by-admin" }, "Ask whoever runs this Homeward (the person who set it up) for a reset link: they can make one for your phone number in a minute. Open the link on this phone or computer, choose a new password, and log in with it."),
      h("p", {}, "Phones set up to send your position keep working."),
      h("p", {}, h("a", { href: "#login" }, "Back to logging in")));
    return;
  }
  const sent = h("p", { id: "reset-sent", role: "status" });
  replace(view,
    h("h1", {}, "Forgot your password?"),
    h("p", {}, "Type your phone number. If your account has an email address (under Notifications), a link to choose a new password arrives there within a few minutes. It works for an hour."),
    form([
      { label: "Phone number", attributes: { name: "phone", type: "tel", autocomplete: "tel", required: true } },
    ], "Email me a link", async (values) => {
      await api("POST", "/v1/password-reset/email", { phone: values.phone, country: browserCountry() });
      sent.textContent = "If the number matches an account with an email address, the link is on its way.";
    }, { id: "reset-request-form" }),
    sent,
    h("p", {}, "No email? Ask whoever runs Homeward for a reset link: they can make one for your phone number in a minute."),
    h("p", {}, h("a", { href: "#login" }, "Back to logging in")));
}
