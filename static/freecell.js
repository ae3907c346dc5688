// FreeCell's board. A move sent from a page another device has moved on from answers 409 with
// the game as it now stands and why the move was not made: htmx leaves a 4xx unswapped, so
// here that answer is shown like any other (without JavaScript the page itself comes back).
(function () {
  "use strict";
  document.addEventListener("htmx:beforeSwap", function (event) {
    var target = event.detail.target;
    if (event.detail.xhr && event.detail.xhr.status === 409 && target && target.id === "freecell") {
      event.detail.shouldSwap = true;
      event.detail.isError = false;
    }
  });
})();
