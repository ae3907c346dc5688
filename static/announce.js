// Every ruling a tap brings is said aloud. htmx swaps a new answer in with its own live region
// (aria-live or role=status), and a screen reader often keeps silent about a region that was
// not on the page before the change. So this page keeps one region from its first load,
// #announcer (templates/base.html), and says there what each swapped-in region says.
(function () {
  "use strict";

  var LIVE = "[aria-live=polite], [aria-live=assertive], [role=status]";

  // htmx's swaps, and the referee's board, which static/games.js swaps itself (it sends
  // "board:swapped" from the new board).
  document.addEventListener("htmx:afterSettle", function (event) {
    announceIn(event.detail && event.detail.elt);
  });
  document.addEventListener("board:swapped", function (event) { announceIn(event.target); });

  function announceIn(swapped) {
    var announcer = document.getElementById("announcer");
    if (!announcer || !swapped || !swapped.querySelectorAll) { return; }
    var regions = Array.prototype.slice.call(swapped.querySelectorAll(LIVE));
    if (swapped.matches && swapped.matches(LIVE)) { regions.unshift(swapped); }
    var said = regions
      .filter(function (region) { return region !== announcer && region.checkVisibility(); })
      .map(function (region) { return region.textContent.replace(/\s+/g, " ").trim(); })
      .filter(Boolean);
    if (!said.length) { return; }  // a swap with nothing to say leaves the last words be
    // Emptied first, so the same ruling twice in a row is said twice.
    announcer.textContent = "";
    window.setTimeout(function () { announcer.textContent = said.join(" "); }, 50);
  }
})();
