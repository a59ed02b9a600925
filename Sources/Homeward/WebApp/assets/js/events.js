// One event stream for the whole app: every page listens here instead of opening its own.
const listeners = { location: new Set(), alert: new Set(), trip: new Set(), import: new Set() };
/** How long after the server refused or dropped the stream it is opened again (the browser itself
 * retries only a dropped stream, never a refused one). */
const reopenMilliseconds = 5000;
let source = null;
let reopenTimer = null;

/** Opens the stream (once per session). */
export function connectEvents() {
  if (source) return;
  source = new EventSource("/v1/events", { withCredentials: true });
  source.addEventListener("error", () => {
    if (!source || source.readyState !== EventSource.CLOSED) return;
    source = null;
    clearTimeout(reopenTimer);
    reopenTimer = setTimeout(connectEvents, reopenMilliseconds);
  });
  for (const kind of Object.keys(listeners)) {
    source.addEventListener(kind, (message) => {
      let data;
      try { data = JSON.parse(message.data); } catch { return; }
      for (const listener of listeners[kind]) listener(data);
    });
  }
}

/** Opens the stream again: the server decides whom a stream watches when it opens, so a new link
 * needs a new stream. */
export function reconnectEvents() {
  disconnectEvents();
  connectEvents();
}

/** Closes the stream (logging out). */
export function disconnectEvents() {
  clearTimeout(reopenTimer);
  if (source) source.close();
  source = null;
}

/** Calls `listener` for every event of `kind`; returns the function that stops it. */
export function onEvent(kind, listener) {
  listeners[kind].add(listener);
  return () => listeners[kind].delete(listener);
}
