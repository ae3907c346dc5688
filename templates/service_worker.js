// The service worker (served at /sw.js by referee/web/app_shell.py): it keeps the app's shell
// so that a page asked for while the server cannot be reached shows the offline page, which
// tries again on its own. Pages, polls and answers always go to the server and are never
// kept: a kept page could show a score that has since changed.
"use strict";

const SHELL_CACHE = "shell-{{ version }}";
const SHELL = {{ shell | tojson }};
const OFFLINE_PAGE = SHELL[0];
const STATIC_PREFIX = {{ static_prefix | tojson }};

self.addEventListener("install", event => {
  event.waitUntil(caches.open(SHELL_CACHE)
    .then(cache => cache.addAll(SHELL))
    .then(() => self.skipWaiting()));
});

self.addEventListener("activate", event => {
  event.waitUntil(caches.keys()
    .then(names => Promise.all(names.filter(name => name !== SHELL_CACHE)
      .map(name => caches.delete(name))))
    .then(() => self.clients.claim()));
});

// A static file whose address carries its fingerprint (?v=) never changes: kept once fetched.
function isFingerprinted(url) {
  return url.pathname.startsWith(STATIC_PREFIX) && url.searchParams.has("v");
}

function keptOrFetched(request) {
  return caches.open(SHELL_CACHE).then(cache => cache.match(request).then(kept =>
    kept || fetch(request).then(response => {
      if (response.ok) cache.put(request, response.clone());
      return response;
    })));
}

self.addEventListener("fetch", event => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === "navigate") {
    event.respondWith(fetch(request).catch(() =>
      caches.match(OFFLINE_PAGE, {cacheName: SHELL_CACHE})));
  } else if (isFingerprinted(url)) {
    event.respondWith(keptOrFetched(request));
  }
});
