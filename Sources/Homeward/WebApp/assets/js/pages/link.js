// Linking: a person shows their verification code (digits and QR code); a guardian types it or
// scans it. Links are listed and ended from either side.
import { api } from "../api.js";
import { h, replace, form, announce, when, day } from "../dom.js";
import { reconnectEvents } from "../events.js";
import { browserCountry } from "./login.js";

/** How often a code on screen is asked about, to say when someone linked with it. */
const codeRefreshMilliseconds = 3000;

/** The link page; `phone` and `code` come from a scanned QR code's address. `#link/look-after`
 * opens it at the form for linking to someone, `#link/show-code` with one's code shown (the two
 * buttons of the first page). */
export async function showLink(view, session, parts) {
  const purpose = parts.length === 1 ? parts[0] : null;
  const [phone = "", code = ""] = purpose ? [] : parts;
  const codeArea = h("div", { id: "my-code" });
  const showCode = h("button", { type: "button", id: "show-code" }, "Show my code");
  const newCode = h("button", { type: "button", class: "secondary", id: "new-code", hidden: true }, "Make a new code");
  // The server keeps only a digest of the code: this tab keeps the code it showed, and asks whether it
  // is still live before showing it again, so "Show my code" never silently replaces a code given out.
  // While a code is on screen the page watches it: once someone links with it, it says so and lists
  // them, so the person does not keep showing a code that no longer works.
  let watching = null;
  const watchCode = (code, expiresAt) => {
    clearInterval(watching);
    watching = setInterval(async () => {
      try {
        const state = await api("GET", `/v1/me/verification-code?code=${encodeURIComponent(code)}`);
        if (state.live) return;
        clearInterval(watching);
        sessionStorage.removeItem("myCode");
        const used = Date.now() < Date.parse(expiresAt);
        const { guardians } = await loadLinks();
        const newest = guardians.slice().sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt))[0];
        replace(codeArea, h("p", { class: "card", id: "code-used", role: "status" }, used
          ? h("strong", { class: "ok" }, `${newest ? newest.guardian.name : "Someone"} linked with your code ✓`)
          : "Your code ran out without being used.",
          " To let one more person look after you, press “Show my code” for a new one."));
        newCode.hidden = true;
      } catch { /* asked again in a moment */ }
    }, codeRefreshMilliseconds);
  };
  const display = (code, expiresAt) => {
    sessionStorage.setItem("myCode", code);
    watchCode(code, expiresAt);
    newCode.hidden = false;
    replace(codeArea,
      h("dl", { class: "facts", id: "code-facts" },
        h("dt", {}, "Your phone number"), h("dd", { id: "code-phone" }, session.account.phone),
        h("dt", {}, "Your code"), h("dd", { class: "code", id: "code-digits" }, code)),
      h("p", {}, "Or they scan this square with their phone's camera: it opens Homeward with both filled in."),
      h("img", { class: "qr", id: "code-qr", alt: `QR code for linking to you with code ${code}`,
        src: `/v1/me/verification-code/qr?code=${encodeURIComponent(code)}` }),
      h("p", { class: "muted" }, `The code works once, until ${when(expiresAt).replace(/^(at|on) /, "")}.`));
  };
  const makeCode = async () => {
    const created = await api("PUT", "/v1/me/verification-code", {});
    display(created.code, created.expiresAt);
  };
  showCode.addEventListener("click", async () => {
    const kept = sessionStorage.getItem("myCode");
    const state = kept ? await api("GET", `/v1/me/verification-code?code=${encodeURIComponent(kept)}`) : { live: false };
    if (state.live) return display(kept, state.expiresAt);
    // A code set elsewhere (another device, or one you chose) is never replaced without asking.
    const any = await api("GET", "/v1/me/verification-code");
    if (any.live) {
      newCode.hidden = false;
      replace(codeArea, h("p", { id: "code-elsewhere" }, "You already have a code that works until ",
        when(any.expiresAt).replace(/^(at|on) /, ""),
        ". It was shown on another device or chosen by you. Press “Make a new code” to replace it."));
      return;
    }
    await makeCode();
  });
  newCode.addEventListener("click", async () => {
    if (!window.confirm("Make a new code? The code you gave out before stops working.")) return;
    await makeCode();
  });
  const ownCode = form([
    { label: "Your own code (at least 6 characters)", attributes: { name: "code", autocomplete: "off", required: true, minlength: 6, maxlength: 64 } },
  ], "Use this code", async (values, element) => {
    const chosen = await api("PUT", "/v1/me/verification-code", { code: values.code });
    sessionStorage.setItem("myCode", values.code);
    element.reset();
    replace(codeArea,
      h("p", {}, `Your own code works for up to ${chosen.maxGuardians} people until `,
        day(chosen.expiresAt),
        ". You will be told each time someone uses it, and you can remove them below."));
    announce("Your code is set.");
  }, { id: "own-code-form" });
  const ownCodeArea = h("details", { id: "own-code" },
    h("summary", {}, "Or choose your own code"),
    h("p", {}, "Several people (your children, say) can use a code you choose, until you change it. A shown code works for one person only."),
    ownCode);
  const linked = h("section", { class: "card stack", id: "linked-next", role: "status", hidden: true });
  const linkForm = form([
    { label: "Their phone number", attributes: { name: "phone", type: "tel", required: true, value: phone } },
    { label: "Their verification code", attributes: { name: "code", inputmode: "numeric", autocomplete: "off", required: true, value: code } },
  ], "Link", async (values, element) => {
    const link = await api("POST", "/v1/links", { ...values, country: browserCountry() });
    const who = link.dependent;
    announce(`You now look after ${who.name}.`);
    reconnectEvents();
    // Emptied for good: the values a QR code filled in are the fields' defaults, which reset() restores.
    for (const input of element.querySelectorAll("input")) { input.defaultValue = ""; input.value = ""; }
    // What comes next, where the family is looking: his phone, then his place on the map.
    replace(linked, h("h3", {}, `You now look after ${who.name}`),
      h("p", {}, `Next, set up ${who.name}'s phone so that it sends where ${who.name} is. Then draw ${who.name}'s home on the map under Zones.`),
      h("p", { class: "row" },
        h("a", { href: `#setup/${encodeURIComponent(who.id)}`, class: "button", id: "linked-setup" }, `Set up ${who.name}'s phone`),
        h("a", { href: `#home/${encodeURIComponent(who.id)}`, class: "button secondary" }, `See ${who.name} on People`)));
    linked.hidden = false;
    linked.scrollIntoView({ block: "nearest" });
    await loadLinks();
  }, { id: "link-form" });
  const scanArea = h("div");
  if ("BarcodeDetector" in window) {
    const scan = h("button", { type: "button", class: "secondary" }, "Scan their QR code");
    scan.addEventListener("click", () => startScan(scanArea, linkForm));
    scanArea.append(scan);
  }
  const links = h("div", { id: "links" });
  const lookAfter = h("h2", { id: "look-after" }, "Look after someone");
  replace(view,
    h("h1", {}, "Link"),
    h("h2", {}, "Let someone look after you"),
    h("p", {}, "Show your code to the person who should see where you are (your son or daughter, say). They type it with your phone number under “Look after someone” on their own phone, or scan the square."),
    h("div", { class: "row" }, showCode, newCode), codeArea, ownCodeArea,
    lookAfter, scanArea, linkForm, linked,
    h("h2", {}, "Your links"), links);

  async function loadLinks() {
    const { dependents, guardians } = await api("GET", "/v1/links");
    const row = (link, who, text, question) => {
      const remove = h("button", { type: "button", class: "secondary" }, `End link with ${who.name}`);
      remove.addEventListener("click", async () => {
        if (!window.confirm(question)) return;
        remove.disabled = true;
        try {
          await api("DELETE", `/v1/links/${encodeURIComponent(link.id)}`);
          reconnectEvents();
          announce(`Link with ${who.name} ended.`);
          await loadLinks();
        } catch (error) {
          announce(error.message);
          remove.disabled = false;
        }
      });
      return h("li", { class: "row", "data-link": link.id }, text, remove);
    };
    replace(links,
      h("h3", {}, "You look after"),
      h("ul", {}, dependents.length ? dependents.map((link) => row(link, link.dependent, `${link.dependent.name} (${link.dependent.phone})`,
        `End the link with ${link.dependent.name}? You stop seeing where ${link.dependent.name} is and stop getting ${link.dependent.name}'s alerts. To look after ${link.dependent.name} again you need a new code.`))
        : h("li", {}, "no one")),
      h("h3", {}, "Who looks after you"),
      h("ul", {}, guardians.length ? guardians.map((link) => row(link, link.guardian, link.guardian.name,
        `End the link with ${link.guardian.name}? ${link.guardian.name} stops seeing where you are and no longer gets your alerts, even an SOS.`))
        : h("li", {}, "no one")));
    return { dependents, guardians };
  }
  await loadLinks();
  if (purpose === "look-after") {
    lookAfter.scrollIntoView({ block: "start" });
    linkForm.elements.phone.focus({ preventScroll: true });
  } else if (purpose === "show-code") {
    showCode.click();
  }
  return () => clearInterval(watching);
}

/** Reads a QR code with the camera and fills the form from the address it holds. */
async function startScan(area, linkForm) {
  const video = h("video", { playsinline: true, muted: true, "aria-label": "Camera" });
  area.append(video);
  let stream;
  try {
    stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" } });
  } catch {
    announce("The camera is not available; type the code instead.");
    video.remove();
    return;
  }
  video.srcObject = stream;
  await video.play();
  const detector = new window.BarcodeDetector({ formats: ["qr_code"] });
  const timer = setInterval(async () => {
    const codes = await detector.detect(video).catch(() => []);
    const match = codes.map((code) => /#link\/([^/]+)\/([^/]+)$/.exec(code.rawValue)).find(Boolean);
    if (!match) return;
    clearInterval(timer);
    stream.getTracks().forEach((track) => track.stop());
    video.remove();
    linkForm.elements.phone.value = decodeURIComponent(match[1]);
    linkForm.elements.code.value = decodeURIComponent(match[2]);
    announce("Code read. Press Link.");
  }, 400);
}
