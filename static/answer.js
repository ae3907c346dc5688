// A tap's answer where the eyes are: brought into view with the control the next step needs,
// with as little scrolling as does it, and focused, so a screen reader reads it. Every screen
// brings its answers this one way: the referee's board (static/board.js), an entry sent back
// to fix or its points shown (static/games.js), a part a tap opens (sharing a game, going
// down). A screen that shows no answer is never moved from here.
(function () {
  "use strict";

  var MARGIN = 8;  // px: an answer brought into view does not touch the screen's edge

  // As little scrolling as brings ``element`` and ``next`` whole into view; none when they
  // are in it already. When both do not fit, the answer comes to the top.
  function intoView(element, next) {
    var answer = element.getBoundingClientRect();
    var top = answer.top, bottom = answer.bottom;
    if (next) {
      var box = next.getBoundingClientRect();
      top = Math.min(top, box.top);
      bottom = Math.max(bottom, box.bottom);
    }
    var room = window.innerHeight;
    if (top >= 0 && bottom <= room) { return; }
    var fits = bottom - top <= room - 2 * MARGIN;
    var by = !fits ? answer.top - MARGIN : top < 0 ? top - MARGIN : bottom - room + MARGIN;
    if (by) { window.scrollBy(0, by); }
  }

  // ``element`` focused (``focus``, if given, instead: the box to type the fix in); it, or the
  // part ``around`` it, and ``next`` brought into view.
  function bringToEyes(element, next, around, focus) {
    var focused = focus || element;
    if (!focused.matches("input, select, textarea, button, a[href]")) {
      focused.setAttribute("tabindex", "-1");
    }
    intoView(around || element, next);
    focused.focus({ preventScroll: true });
  }

  // A part opened by a tap (going down, laying off, sharing the game) comes into view whole
  // if it can: its grid or its codes may reach below the screen's foot on a phone. Opened
  // here rather than by the browser, so it is in view as the tap's answer, not a moment after.
  document.addEventListener("click", function (event) {
    var summary = event.target.closest && event.target.closest("details[data-opens-into-view] > summary");
    if (!summary) { return; }
    event.preventDefault();
    var part = summary.parentNode;
    part.open = !part.open;
    if (part.open) { intoView(summary, part); }
  });

  window.answers = { intoView: intoView, bringToEyes: bringToEyes };
})();
