// The JSON API as the web app calls it: the session cookie goes along by itself; requests that
// change something carry the session's CSRF token.
let csrfToken = null;

/** Remembers the CSRF token of the current session (null after logging out). */
export function setCSRFToken(token) {
  csrfToken = token;
}

/** Called when the server no longer knows the session the page was signed in with. */
let sessionEnded = () => {};

/** Sets what happens when a signed-in request is refused for want of a session (it ended, or was
 * ended on another device): the app shows the log-in page and comes back afterwards. */
export function onSessionEnded(listener) {
  sessionEnded = listener;
}

/** The CSRF token of the current session, for requests made without `api` (an upload with progress). */
export function currentCSRFToken() {
  return csrfToken;
}

/** An API error: the server's message, status and the field at fault. */
export class APIError extends Error {
  constructor(message, status, field) {
    super(message);
    this.status = status;
    this.field = field;
  }
}

/** Calls the API; resolves with the decoded JSON (null for 204), rejects with an APIError. */
export async function api(method, path, body, contentType = "application/json") {
  const headers = { Accept: "application/json" };
  let payload;
  if (body !== undefined) {
    headers["Content-Type"] = contentType;
    payload = contentType === "application/json" ? JSON.stringify(body) : body;
  }
  if (csrfToken && method !== "GET") headers["X-CSRF-Token"] = csrfToken;
  let response;
  try {
    response = await fetch(path, { method, headers, body: payload, credentials: "same-origin" });
  } catch {
    throw new APIError("The server cannot be reached. Check the connection.", 0);
  }
  if (response.status === 204) return null;
  const isJSON = (response.headers.get("Content-Type") || "").includes("json");
  const data = isJSON ? await response.json() : await response.text();
  if (!response.ok) {
    const error = isJSON && data && data.error ? data.error : {};
    if (response.status === 429) throw new APIError(tooManyTries(response.headers.get("Retry-After")), 429);
    if (response.status === 401 && csrfToken && !path.startsWith("/v1/web/session")) {
      sessionEnded();
      throw new APIError("You were signed out. Log in again to carry on.", 401);
    }
    throw new APIError(sentence(error.message || response.statusText), response.status, error.field);
  }
  return data;
}

/** The server's message as a sentence on screen: "password needs …" reads "Password needs …". */
function sentence(text) {
  const trimmed = String(text).trim();
  if (!trimmed) return "Something went wrong. Try again.";
  const capital = trimmed[0].toUpperCase() + trimmed.slice(1);
  return /[.!?)]$/.test(capital) ? capital : `${capital}.`;
}

/** "Too many tries. Try again in 15 minutes.": a refusal for too many attempts, without raw seconds. */
export function tooManyTries(retryAfter) {
  const seconds = Number(retryAfter);
  if (!Number.isFinite(seconds) || seconds <= 0) return "Too many tries. Try again a little later.";
  if (seconds < 90) return "Too many tries. Try again in a minute.";
  if (seconds < 5400) return `Too many tries. Try again in ${Math.ceil(seconds / 60)} minutes.`;
  return `Too many tries. Try again in ${Math.ceil(seconds / 3600)} hours.`;
}
