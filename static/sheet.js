// The printable score sheet (templates/exports/sheet.html): its Print button, and its times in
// this device's zone. The server cannot know the device's zone, so it writes UTC and says so;
// here the time is rewritten in the zone the players are in.
(function () {
  "use strict";

  document.addEventListener("DOMContentLoaded", function () {
    document.querySelectorAll("time[data-local-moment]").forEach(function (element) {
      var moment = new Date(element.getAttribute("datetime"));
      if (!isNaN(moment)) {
        element.textContent = moment.toLocaleString([], {
          day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit",
        });
      }
    });
    var button = document.getElementById("print-sheet");
    if (button) {
      button.hidden = false;  // without JavaScript the browser's own Print is the way
      button.addEventListener("click", function () { window.print(); });
    }
  });
})();
