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
    // A poll sent before a tap's answer may come back after it: never show an older game.
    if (event.detail.target && event.detail.target.id === "board" &&
        versionIn(event.detail.serverResponse) < shownVersion()) {
      event.detail.shouldSwap = false;
      return;
    }
    rememberScroll();
  });

  // Every board says which version of the game it shows.
  function shownVersion() {
    var board = document.getElementById("board");
    return board ? Number(board.getAttribute("data-version")) : -1;
  }

  function versionIn(html) {
    var found = /id="board"[^>]*data-version="(\d+)"/.exec(String(html || "").slice(0, 600));
    return found ? Number(found[1]) : -1;
  }

  // A change swaps the standings in anew; keep a long table scrolled where it was.
  var scrolled = [];
  function rememberScroll() {
    scrolled = Array.prototype.map.call(document.querySelectorAll(".standings-scroll"),
      function (box) { return box.scrollLeft; });
  }
  function afterBoardChange() {
    document.querySelectorAll(".standings-scroll").forEach(function (box, i) {
      if (scrolled[i]) { box.scrollLeft = scrolled[i]; }
    });
    localTimes();
    document.querySelectorAll("[data-card-picker]").forEach(namePicked);
  }
  document.addEventListener("htmx:afterSettle", afterBoardChange);

  // A flash says what the last full page load changed; once the board shows a newer change
  // it would mislead (referee mode changes the board many times between page loads).
  document.addEventListener("htmx:afterSwap", function (event) {
    if (event.detail.target && event.detail.target.id === "board" &&
        event.detail.xhr && event.detail.xhr.status === 200) {
      removeFlashes();
    }
  });

  function removeFlashes() {
    document.querySelectorAll(".game-page > .flash").forEach(function (flash) { flash.remove(); });
  }

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

  // A card's worth from its rank alone: the suit never changes an Eversol score.
  function cardWorth(word) {
    var text = word.toUpperCase();
    if (/^(JK|\*|JOKER)$/.test(text)) { return 50; }
    var rank = text.replace(/^(10|[2-9TJQKA])[SHDC\u2660-\u2667]$/, "$1");
    if (rank === "A") { return 15; }
    if (/^(10|T|J|Q|K)$/.test(rank)) { return 10; }
    if (/^[2-9]$/.test(rank)) { return 5; }
    return NaN;
  }

  function cardWords(row) {
    return input(row, "cards").value.split(/[\s,;]+/).filter(function (w) { return w; });
  }

  // The same sum the server makes on saving (referee/web/games_entry.py).
  function showPoints(row) {
    var output = row.querySelector(".entry-points");
    var penaltyBox = input(row, "penalty");
    var penalty = penaltyBox ? (wholeNumber(penaltyBox) || 0) : 0;
    if (row.querySelector("input[name=went_out]").checked) {
      output.textContent = String(penalty); return;
    }
    var counted = 0;
    Object.keys(WORTH).forEach(function (name) {
      counted += (wholeNumber(input(row, name)) || 0) * WORTH[name];
    });
    var words = cardWords(row);
    var tapped = words.reduce(function (sum, word) { return sum + cardWorth(word); }, 0);
    var held = counted || (words.length ? tapped : wholeNumber(input(row, "total")));
    if (held === null || held === 0) { output.textContent = "—"; }
    else if (isNaN(held) || isNaN(penalty) || held % 5 || held < 5) { output.textContent = "?"; }
    else { output.textContent = String(held + penalty); }
    showKept(row, counted ? cardsCounted(row) : words.length, counted ? "counted" : "tapped");
  }

  function cardsCounted(row) {
    return Object.keys(WORTH).reduce(function (sum, name) {
      return sum + (wholeNumber(input(row, name)) || 0);
    }, 0);
  }

  // After a hand the referee followed: how many cards the player kept, and how many are in.
  function showKept(row, entered, how) {
    var kept = row.getAttribute("data-cards-kept");
    var shown = row.querySelector("[data-entry-kept]");
    if (kept === null || !shown || row.querySelector("input[name=went_out]").checked) { return; }
    var words = "kept " + kept + " card" + (kept === "1" ? "" : "s");
    if (entered) { words += " · " + entered + " " + how; }
    shown.textContent = words;
    shown.classList.toggle("entry-kept--off", entered > 0 && String(entered) !== kept);
  }

  function showAll(form) { form.querySelectorAll(".entry-row").forEach(showPoints); }

  // One way per player: the way just used replaces the others, as the server does, and the
  // row shows the others as not in use.
  function keepOnly(row, way) {
    if (way !== "counts") { Object.keys(WORTH).forEach(function (n) { input(row, n).value = ""; }); }
    if (way !== "cards") { input(row, "cards").value = ""; showTapped(row); }
    if (way !== "total") { input(row, "total").value = ""; }
    ["counts", "cards", "total"].forEach(function (each) {
      row.classList.toggle("entry-row--by-" + each, each === way);
    });
    var named = row.querySelector("[data-entry-way]");
    if (named) { named.textContent = row.closest("form").getAttribute("data-way-" + way) || ""; }
  }

  // The tapped cards as buttons that take a card back.
  function showTapped(row) {
    var box = row.querySelector("[data-tapped]");
    box.textContent = "";
    cardWords(row).forEach(function (word, index) {
      var button = document.createElement("button");
      button.type = "submit";
      button.className = "tapped-card";
      button.setAttribute("data-untap", String(index));
      button.setAttribute("aria-label", "Take back " + word);
      button.textContent = word;
      var cross = document.createElement("span");
      cross.setAttribute("aria-hidden", "true");
      cross.textContent = " \u00d7";
      button.appendChild(cross);
      box.appendChild(button);
    });
  }

  // +/- and card taps change the row here; without JavaScript they post and the server counts.
  document.addEventListener("click", function (event) {
    var button = event.target.closest("#entry-form button[data-step], #entry-form button[data-tap], " +
                                      "#entry-form button[data-untap]");
    if (!button) { return; }
    event.preventDefault();
    var row = button.closest(".entry-row");
    if (button.hasAttribute("data-step")) {
      var parts = button.value.split(":");
      var count = input(row, parts[1]);
      count.value = String(Math.max(0, (wholeNumber(count) || 0) + Number(parts[2])));
      keepOnly(row, "counts");
    } else {
      var words = cardWords(row);
      if (button.hasAttribute("data-tap")) { words.push(button.getAttribute("data-tap")); }
      else { words.splice(Number(button.getAttribute("data-untap")), 1); }
      input(row, "cards").value = words.join(" ");
      keepOnly(row, "cards");
      showTapped(row);
    }
    showPoints(row);
  });

  document.addEventListener("input", function (event) {
    var row = event.target.closest("#entry-form .entry-row");
    if (!row) { return; }
    var name = event.target.name || "";
    if (event.target.value !== "") {
      if (/-total$/.test(name)) { keepOnly(row, "total"); }
      else if (/-n\d+$/.test(name)) { keepOnly(row, "counts"); }
      else if (/-cards$/.test(name)) { keepOnly(row, "cards"); showTapped(row); }
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

  // --- Referee mode: each tap is sent at once ------------------------------------------------
  // Not through htmx, which queues a second request from one form behind the first and then
  // drops it when the first answer has replaced the form: a claim tapped right after another
  // would be lost. Each tap goes at once; the server catches it up with whatever another
  // device changed meanwhile, or answers why it did not count; the newest board is shown.
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form.hasAttribute || !form.hasAttribute("data-referee-step") || !window.fetch) { return; }
    event.preventDefault();
    var body = new URLSearchParams(new FormData(form, event.submitter || null));
    fetch(form.action, { method: "POST", body: body, credentials: "same-origin",
                         headers: { "HX-Request": "true" } })
      .then(function (response) { return response.text(); })
      .then(showBoard)
      .catch(function () {
        sayOnBoard("Not sent: this device could not reach the scorer. Check the Wi-Fi and tap again.");
      });
  });

  function showBoard(html) {
    var template = document.createElement("template");
    template.innerHTML = html;
    var incoming = template.content.querySelector("#board");
    var board = document.getElementById("board");
    if (!incoming || !board) { return; }
    if (versionIn(html) < shownVersion()) {  // a newer game is shown: keep it, say the rest
      incoming.querySelectorAll("[role=alert]").forEach(function (alert) {
        sayOnBoard(alert.textContent);
      });
      return;
    }
    var opening = !board.querySelector("#live") && incoming.querySelector("#live");
    rememberScroll();
    removeFlashes();
    board.replaceWith(incoming);
    window.htmx.process(incoming);
    afterBoardChange();
    if (opening) { incoming.querySelector("#live").scrollIntoView({ block: "start" }); }
  }

  function sayOnBoard(words) {
    var board = document.getElementById("board");
    if (!board) { return; }
    var note = document.createElement("p");
    note.className = "stale-message board-message";
    note.setAttribute("role", "alert");
    note.textContent = words;
    var panel = board.querySelector("#live .live-head");
    if (panel) { panel.after(note); } else { board.prepend(note); }
  }

  // --- Referee mode: conveniences on the live panel ----------------------------------------
  // The button under a card picker names the card picked: "Discard Q♥".
  var SUIT_SYMBOLS = { S: "\u2660", H: "\u2665", D: "\u2666", C: "\u2663" };

  function namePicked(picker) {
    var button = picker.form && picker.form.querySelector("[data-picked-label]");
    if (!button) { return; }
    var rank = picker.querySelector("input[name$='-rank']:checked");
    var suit = picker.querySelector("input[name$='-suit']:checked");
    var words = button.getAttribute("data-picked-label");
    if (rank && rank.value === "JK") { words += " Joker"; }
    else if (rank) { words += " " + rank.value + (suit ? SUIT_SYMBOLS[suit.value] : ""); }
    button.textContent = words;
  }

  document.addEventListener("change", function (event) {
    var picker = event.target.closest("[data-card-picker]");
    if (picker) { namePicked(picker); }
  });

  // Going down: a tapped card joins the meld chosen under "Into", here, without a round trip.
  // Without JavaScript the tap posts the form and the server adds the card.
  document.addEventListener("click", function (event) {
    var button = event.target.closest("#go-down button[data-tap-card]");
    if (!button) { return; }
    event.preventDefault();
    var form = button.form;
    var into = form.querySelector("input[name=tap_into]:checked");
    var suit = form.querySelector("input[name=tap_suit]:checked");
    var field = form.querySelector("[data-meld-input='" + (into ? into.value : "0") + "']");
    if (!field) { return; }
    var rank = button.getAttribute("data-tap-card");
    var card = rank === "JK" ? "JK" : rank + (suit ? suit.value : "S");
    field.value = (field.value.trim() + " " + card).trim();
  });
})();
