// The profile: name, picture and the fields of the phone apps' profiles; logging out.
import { api } from "../api.js";
import { h, replace, form, announce } from "../dom.js";
import { importPanel } from "./imports.js";

/** The profile page. */
export async function showProfile(view, session) {
  const account = await api("GET", "/v1/me");
  const profile = account.profile || {};
  const number = (name, label, value) => ({ label, attributes: { name, type: "number", value: value ?? "" } });
  const profileForm = form([
    { label: "Name", attributes: { name: "name", required: true, value: account.name } },
    number("birthYear", "Year of birth", profile.birthYear),
    number("heightCm", "Height (cm)", profile.heightCm),
    number("weightKg", "Weight (kg)", profile.weightKg),
    { label: "Vehicle registration (drivers)", attributes: { name: "vehicleRegistration", value: profile.vehicleRegistration ?? "" } },
    { label: "Note for responders (allergies, medication)", attributes: { name: "responderNote", value: profile.responderNote ?? "" }, tag: "textarea" },
  ], "Save", async (values) => {
    const { name, ...fields } = values;
    const patch = {};
    for (const [key, value] of Object.entries(fields)) {
      if (value === "") { if (profile[key] !== undefined && profile[key] !== null) patch[key] = null; continue; }
      patch[key] = ["birthYear", "heightCm", "weightKg"].includes(key) ? Number(value) : value;
    }
    session.account = await api("PATCH", "/v1/me", { name, profile: patch });
    announce("Profile saved.");
  }, { id: "profile-form" });
  const picture = h("input", { type: "file", id: "avatar", accept: "image/png,image/jpeg" });
  picture.addEventListener("change", async () => {
    const file = picture.files[0];
    if (!file) return;
    try {
      await api("PUT", "/v1/me/avatar", await file.arrayBuffer(), file.type);
      announce("Picture saved.");
    } catch (error) {
      announce(error.message);
    }
  });
  const passwordForm = form([
    { label: "Current password", attributes: { name: "currentPassword", type: "password", autocomplete: "current-password", required: true } },
    { label: "New password (8 or more characters: upper and lower case, a digit and a sign)", attributes: { name: "newPassword", type: "password", autocomplete: "new-password", required: true, minlength: 8 } },
  ], "Change password", async (values, element) => {
    await api("PUT", "/v1/me/password", values);
    element.reset();
    // Phones set up to send the position keep working: a password change must not silence them.
    const { devices } = await api("GET", "/v1/me/devices").catch(() => ({ devices: [] }));
    const setup = `#setup/${encodeURIComponent(session.account.id)}`;
    replace(passwordDone,
      h("strong", { class: "ok" }, "Your password is changed."),
      " Other phones and computers were signed out of Homeward, and any link shared with a doctor was withdrawn. ",
      devices.length
        ? [`The ${devices.length === 1 ? "phone" : `${devices.length} phones`} sending your position keep${devices.length === 1 ? "s" : ""} working: `,
          h("a", { href: setup }, "see them"), " and remove any you do not know."]
        : "");
    announce("Password changed.");
  }, { id: "password-form" });
  const passwordDone = h("p", { id: "password-done", role: "status" });
  const logout = h("button", { type: "button", class: "secondary", id: "logout" }, "Log out");
  logout.addEventListener("click", () => session.signOut());
  const imports = await importPanel(session);
  replace(view, h("h1", {}, "Profile"), h("p", {}, `Phone: ${account.phone}`), profileForm,
    h("div", { class: "card stack" }, h("label", { for: "avatar" }, "Profile picture (PNG or JPEG, up to 512 KiB)"), picture),
    imports.panel, h("h2", {}, "Password"), passwordForm, passwordDone, logout);
  return imports.stop;
}
