// A forgotten password: "Forgot your password?" says how to get a reset link; the link's page sets
// the new password, which signs the account out everywhere.
import { api } from "../api.js";
import { h, replace, form } from "../dom.js";

/** The reset page: with `token` (from a reset link) it sets a new password, without it it says how to get a link. */
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
  replace(view,
    h("h1", {}, "Forgot your password?"),
    h("p", {}, "Ask whoever runs Homeward for a reset link: they can make one for your phone number in a minute. The link works for an hour; open it and choose a new password."),
    h("p", {}, h("a", { href: "#login" }, "Back to logging in")));
}
