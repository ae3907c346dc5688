// The scorekeeper's screens. Everything here is a convenience: without it the
// forms still post, the server still counts, and the pages still show the game.
(function () {
  "use strict";

  // --- Polling: a 304 means "nothing new", so keep what is shown ---------------------------
  // htmx would otherwise swap the empty body in (it swaps every 2xx/3xx by default).
  document.addEventListener("htmx:beforeSwap", function (event) {
    if (event.detail.xhr && event.detail.xhr.status === 304) {
      event.detail.shouldSwap = false;
      event.detail.isError = false;
      return;
    }
    rememberScroll();
  });

  // A change swaps the standings in anew; keep a long table scrolled where it was.
  var scrolled = [];
  function rememberScroll() {
    scrolled = Array.prototype.map.call(document.querySelectorAll(".standings-scroll"),
      function (box) { return box.scrollLeft; });
  }
  document.addEventListener("htmx:afterSettle", function () {
    document.querySelectorAll(".standings-scroll").forEach(function (box, i) {
      if (scrolled[i]) { box.scrollLeft = scrolled[i]; }
    });
    localTimes();
  });

  // Times are written in the server's zone; show them in this device's.
  function localTimes() {
    document.querySelectorAll("time[data-local-time]").forEach(function (element) {
      var moment = new Date(element.getAttribute("datetime"));
      if (!isNaN(moment)) {
        element.textContent = moment.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
      }
    });
  }
  document.addEventListener("DOMContentLoaded", localTimes);

  // --- End of hand: steppers and live points ---------------------------------------------
  var WORTH = { n5: 5, n10: 10, n15: 15, n50: 50 };

  function input(row, name) { return row.querySelector("input[name$='-" + name + "']"); }

  function wholeNumber(box) {
    var text = box.value.trim();
    if (text === "") { return null; }
    return /^\d+$/.test(text) ? Number(text) : NaN;
  }

  // The same sum the server makes on saving (referee/web/games_entry.py).
  function showPoints(row) {
    var output = row.querySelector(".entry-points");
    if (row.querySelector("input[name=went_out]").checked) { output.textContent = "0"; return; }
    var counted = 0;
    Object.keys(WORTH).forEach(function (name) {
      counted += (wholeNumber(input(row, name)) || 0) * WORTH[name];
    });
    var total = wholeNumber(input(row, "total"));
    if (counted) { output.textContent = String(counted); }
    else if (total === null) { output.textContent = "—"; }
    else if (isNaN(total) || total % 5 || total < 5) { output.textContent = "?"; }
    else { output.textContent = String(total); }
  }

  function showAll(form) { form.querySelectorAll(".entry-row").forEach(showPoints); }

  // A +/- changes the count here; without JavaScript it posts and the server counts.
  document.addEventListener("click", function (event) {
    var button = event.target.closest("#entry-form button[data-step]");
    if (!button) { return; }
    event.preventDefault();
    var parts = button.value.split(":");
    var row = button.closest(".entry-row");
    var count = input(row, parts[1]);
    count.value = String(Math.max(0, (wholeNumber(count) || 0) + Number(parts[2])));
    input(row, "total").value = "";  // the cards now say what the total is
    showPoints(row);
  });

  document.addEventListener("input", function (event) {
    var row = event.target.closest("#entry-form .entry-row");
    if (!row) { return; }
    // One way per player: a typed total replaces the counts, a typed count the total.
    if (event.target.value !== "" && /-total$/.test(event.target.name)) {
      Object.keys(WORTH).forEach(function (name) { input(row, name).value = ""; });
    } else if (event.target.value !== "" && /-n\d+$/.test(event.target.name)) {
      input(row, "total").value = "";
    }
    showPoints(row);
  });

  document.addEventListener("change", function (event) {
    if (event.target.name === "went_out" && event.target.form) { showAll(event.target.form); }
  });

  document.addEventListener("DOMContentLoaded", function () {
    var form = document.getElementById("entry-form");
    if (form) { showAll(form); }
  });
})();
