// A question screen's games on a phone sit in one row that scrolls sideways
// (static/app.css): bring the open game's tab into that row, moving the row only,
// never the page.
(function () {
  "use strict";
  document.addEventListener("DOMContentLoaded", function () {
    var tabs = document.querySelector(".game-tabs:not(.game-tabs--game)");
    var open = tabs && tabs.querySelector("[aria-current=page]");
    if (!open || tabs.scrollWidth <= tabs.clientWidth) return;
    var left = open.offsetLeft - tabs.offsetLeft;
    if (left + open.offsetWidth > tabs.scrollLeft + tabs.clientWidth || left < tabs.scrollLeft) {
      tabs.scrollLeft = left - (tabs.clientWidth - open.offsetWidth) / 2;
    }
  });
})();
