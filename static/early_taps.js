// A tap made while the page was still starting: a choice that asks the server as it changes
// (hx-trigger="change": an ending on "Who's lowest?", the decks on the setup) was lost when it
// came before htmx listened, on a busy tablet, and its answer never came. Once htmx has taken
// the page in, a choice that no longer stands as the page was sent is asked about.
(function () {
  "use strict";

  function tappedSinceSent(part) {
    return Array.prototype.some.call(part.querySelectorAll("input, option"), function (control) {
      if (control.tagName === "OPTION") { return control.selected !== control.defaultSelected; }
      return (control.type === "radio" || control.type === "checkbox") &&
        control.checked !== control.defaultChecked;
    });
  }

  // After htmx's own start (its listener came first: this file is deferred after it).
  document.addEventListener("DOMContentLoaded", function () {
    if (!window.htmx) { return; }
    document.querySelectorAll("[hx-trigger=change]").forEach(function (part) {
      if (tappedSinceSent(part)) { window.htmx.trigger(part, "change"); }
    });
  });
})();
