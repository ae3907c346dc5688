// The offline page (shown by the service worker in place of a page the server did not
// answer): ask for that page again every few seconds, and load it as soon as it answers.
(function () {
  "use strict";
  var EVERY_MS = 3000;

  function tryAgain() {
    fetch(location.href, {method: "HEAD", cache: "no-store"}).then(function () {
      location.reload();
    }, function () {
      setTimeout(tryAgain, EVERY_MS);
    });
  }

  window.addEventListener("online", tryAgain);
  setTimeout(tryAgain, EVERY_MS);
})();
