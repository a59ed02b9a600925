// Small helpers to build the page without innerHTML (nothing from the server is parsed as markup).

/** Makes an element: h("button", {class: "x", onclick: f}, "Text", child). */
export function h(tag, attributes = {}, ...children) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === null || value === undefined || value === false) continue;
    if (name.startsWith("on")) element.addEventListener(name.slice(2), value);
    else if (name === "class") element.className = value;
    else element.setAttribute(name, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    element.append(child instanceof Node ? child : String(child));
  }
  return element;
}

let nextID = 0;

/** A label and its input, tied by a fresh id. */
export function field(label, attributes = {}, tag = "input") {
  const id = attributes.id || `field-${++nextID}`;
  const control = tag === "select"
    ? h("select", { ...attributes, id }, ...(attributes.options || []).map(([value, text]) => h("option", { value }, text)))
    : h(tag, { ...attributes, id });
  if (tag === "select") control.removeAttribute("options");
  return { label: h("label", { for: id }, label), control };
}

/** What a family reads for a phone number the server cannot read (its own words speak of digits
 * after a +, which nobody typed). */
export const phoneAdvice = "Check the phone number: type it as you dial it at home, or with the country code (like +44 7700 900123).";

/** A form made of fields, with a submit button; `onsubmit` gets the form's values. */
export function form(fields, submitText, onsubmit, attributes = {}) {
  const made = fields.map((spec) => field(spec.label, spec.attributes, spec.tag));
  const message = h("p", { class: "error", role: "alert" });
  const button = h("button", { type: "submit" }, submitText);
  const element = h("form", { class: "card", ...attributes }, made.flatMap((f) => [f.label, f.control]), button, message);
  element.addEventListener("submit", async (event) => {
    event.preventDefault();
    message.textContent = "";
    button.disabled = true;
    const values = Object.fromEntries(made.map((f) => [f.control.name, f.control.type === "checkbox" ? f.control.checked : f.control.value]));
    try {
      await onsubmit(values, element);
    } catch (error) {
      message.textContent = error.status === 400 && error.field === "phone" ? phoneAdvice : error.message;
    } finally {
      button.disabled = false;
    }
  });
  return element;
}

/** Replaces the children of `element`. */
export function replace(element, ...children) {
  element.replaceChildren(...children.flat().filter((child) => child !== null && child !== undefined));
}

/** Shows a short message in the live region for a few seconds. */
export function announce(text) {
  const status = document.getElementById("status");
  if (!status) return;
  status.textContent = text;
  clearTimeout(announce.timer);
  announce.timer = setTimeout(() => { status.textContent = ""; }, 4000);
}

/** "just now", "5 min ago", "3 h ago", "2 days ago". */
export function ago(seconds) {
  if (seconds === null || seconds === undefined) return "never";
  if (seconds < 60) return "just now";
  if (seconds < 3600) return `${Math.round(seconds / 60)} min ago`;
  if (seconds < 86400) return `${Math.round(seconds / 3600)} h ago`;
  const days = Math.round(seconds / 86400);
  return days === 1 ? "1 day ago" : `${days} days ago`;
}

/** Metres as "850 m" or "3.2 km". */
export function distance(metres) {
  if (metres === null || metres === undefined) return "unknown";
  return metres < 1000 ? `${Math.round(metres)} m` : `${(metres / 1000).toFixed(1)} km`;
}

/** The person's languages, for dates and times written their way (the browser's own settings:
 * an English browser in Britain reads "28 Nov, 14:05", not "11/28, 02:05 PM"). */
export const locales = navigator.languages && navigator.languages.length ? [...navigator.languages] : [];

/** A time for people: "14:05". */
export function clock(time) {
  return new Date(time).toLocaleTimeString(locales, { hour: "2-digit", minute: "2-digit" });
}

/** A day for people, never ambiguous: "Sat 28 Nov 2026" (the month in words). */
export function day(time) {
  return new Date(time).toLocaleDateString(locales, { weekday: "short", day: "numeric", month: "short", year: "numeric" });
}

/** A moment for people: "at 14:05" today, "on Mon 3 Mar, 14:05" on another day. */
export function when(time) {
  const date = new Date(time);
  if (localDate(date) === localDate()) return `at ${clock(date)}`;
  return `on ${date.toLocaleString(locales, { weekday: "short", day: "numeric", month: "short", hour: "2-digit", minute: "2-digit" })}`;
}

/** A chart's label for a YYYY-MM-DD day: "Sat 28". */
export function dayLabel(isoDate) {
  const date = new Date(`${isoDate}T12:00:00`);
  return date.toLocaleDateString(locales, { weekday: "short", day: "numeric" });
}

/** The local calendar date of `date` as YYYY-MM-DD. */
export function localDate(date = new Date()) {
  const pad = (n) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
