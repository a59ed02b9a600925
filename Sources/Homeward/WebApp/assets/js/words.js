// How alerts are named on screen, in one place for every page (the banner, the Alerts page, the
// channel form's choice of alert types): the server's own titles wherever an alert carries one.

/** What each alert type is called: the server's titles (`AlertType.title`, also sent as `title` on
 * every alert), which the page carries, for the places that name a type without an alert at hand
 * (the channel form's choice). */
export const alertLabels = JSON.parse(
  (document.querySelector('meta[name="homeward-alert-titles"]') || { content: "{}" }).content || "{}");

/** The alert's title: the server's when it sends one, else the label of its type. */
export function alertTitle(alert) {
  return alert.title || alertLabels[alert.type] || alert.type;
}

/** The server's headline when it sends one; else "SOS: Walter", or for a safety check the person
 * stopped in time "Check cancelled by Walter: all is well". */
export function alertHeadline(alert) {
  if (alert.headline) return alert.headline;
  if (alert.type === "danger" && alert.status === "cancelled") return `Check cancelled by ${alert.account.name}: all is well`;
  return `${alertTitle(alert)}: ${alert.account.name}`;
}
