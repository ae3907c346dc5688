// Every page: where the page is a secure context (https, or this very machine), register the
// service worker that shows the offline page when the server cannot be reached. Browsers
// offer no service worker on plain http over the home network; the app works the same there.
(function () {
  "use strict";
  if (!window.isSecureContext || !("serviceWorker" in navigator)) return;
  var script = document.currentScript;
  window.addEventListener("load", function () {
    navigator.serviceWorker.register(script.getAttribute("data-worker"), {scope: "/"});
  });
})();
