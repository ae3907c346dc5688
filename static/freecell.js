// FreeCell's board. A move sent from a page another device has moved on from answers 409 with
// the game as it now stands and why the move was not made: htmx leaves a 4xx unswapped, so
// here that answer is shown like any other (without JavaScript the page itself comes back).
// A hint is a search that can take a while: while it runs the bar says so and offers Stop,
// which drops the request (the server ends the search by itself within the solver's budget).
(function () {
  "use strict";
  document.addEventListener("htmx:beforeSwap", function (event) {
    var target = event.detail.target;
    if (event.detail.xhr && event.detail.xhr.status === 409 && target && target.id === "freecell") {
      event.detail.shouldSwap = true;
      event.detail.isError = false;
    }
  });

  function asksHint(event) {
    return event.detail && event.detail.elt && event.detail.elt.id === "fc-hint";
  }

  function say(words) {
    var region = document.getElementById("fc-searching-words");
    // A region is said when its words change after it shows: shown first, then worded.
    window.requestAnimationFrame(function () { region.textContent = words; });
  }

  document.addEventListener("htmx:beforeRequest", function (event) {
    if (!asksHint(event)) { return; }
    var searching = document.getElementById("fc-searching");
    var stop = document.getElementById("fc-stop");
    if (!searching || !stop) { return; }
    searching.hidden = false;
    stop.hidden = false;
    stop.focus();
    say(event.detail.elt.dataset.searching);
  });

  document.addEventListener("htmx:sendAbort", function (event) {
    if (!asksHint(event)) { return; }
    var stop = document.getElementById("fc-stop");
    if (stop) { stop.hidden = true; }
    say(event.detail.elt.dataset.stopped);
    event.detail.elt.focus();
  });

  document.addEventListener("htmx:sendError", function (event) {
    if (!asksHint(event)) { return; }
    var searching = document.getElementById("fc-searching");
    if (searching) { searching.hidden = true; }
  });

  // The board's requests are synced on the board (hx-sync), which holds the one running.
  document.addEventListener("click", function (event) {
    var board = document.getElementById("freecell");
    if (board && event.target.closest && event.target.closest("#fc-stop")) {
      htmx.trigger(board, "htmx:abort");
    }
  });
})();
