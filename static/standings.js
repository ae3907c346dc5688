// The standings' cue to scroll sideways (templates/games/_standings_table.html). The server
// always sends it for a table of many players, so it shows without JavaScript; here it is
// hidden while every column fits in the box, and shown again when they stop fitting (a new
// table from a poll, the tablet turned on its side).
(function () {
  "use strict";

  function markFits() {
    document.querySelectorAll(".standings-scroll").forEach(function (box) {
      box.toggleAttribute("data-fits", box.scrollWidth <= box.clientWidth + 1);
    });
  }

  document.addEventListener("DOMContentLoaded", markFits);
  document.addEventListener("htmx:afterSettle", markFits);
  window.addEventListener("resize", markFits);
})();
