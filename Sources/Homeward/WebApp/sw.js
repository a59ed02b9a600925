// Homeward's service worker: hashed assets from the cache (their address changes with their
// content), pages from the network with the cached copy when offline, the API never cached.
const ASSETS = "{{ASSETS}}";
const CACHE = "homeward-" + ASSETS.split("/").pop();
const PAGES = ["/", "/trip"];

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(PAGES)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys()
    .then((keys) => Promise.all(keys.filter((key) => key !== CACHE).map((key) => caches.delete(key))))
    .then(() => self.clients.claim()));
});

self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== "GET" || url.origin !== location.origin) return;
  if (url.pathname.startsWith(ASSETS + "/")) {
    event.respondWith(caches.open(CACHE).then(async (cache) => {
      const hit = await cache.match(event.request);
      if (hit) return hit;
      const response = await fetch(event.request);
      if (response.ok) cache.put(event.request, response.clone());
      return response;
    }));
  } else if (PAGES.includes(url.pathname)) {
    event.respondWith(fetch(event.request).then((response) => {
      if (response.ok) {
        const copy = response.clone();
        caches.open(CACHE).then((cache) => cache.put(event.request, copy));
      }
      return response;
    }).catch(() => caches.match(event.request)));
  }
});

// Alerts pushed by the server (Web Push channel): shown even when no Homeward page is open. An SOS,
// a danger or an escalation stays on screen until the guardian acts on it.
self.addEventListener("push", (event) => {
  let message = {};
  try { message = event.data ? event.data.json() : {}; } catch (error) { message = { body: event.data ? event.data.text() : "" }; }
  event.waitUntil(self.registration.showNotification(message.title || "Homeward", {
    body: message.body || "",
    tag: message.tag || "homeward",
    renotify: Boolean(message.tag),
    requireInteraction: Boolean(message.urgent),
    icon: ASSETS + "/icon-192.png",
    data: { url: message.url || "/" },
  }));
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const target = new URL(event.notification.data && event.notification.data.url || "/", self.location.origin);
  event.waitUntil(self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((windows) => {
    const open = windows.find((client) => new URL(client.url).origin === target.origin);
    if (open) return open.focus().then(() => open.navigate(target.href));
    return self.clients.openWindow(target.href);
  }));
});
