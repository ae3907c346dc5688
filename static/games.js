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

  // --- End of hand: steppers, tapped cards and the points as they change -------------------
  // What each card is worth, the game's point step and what the entry asks for come with the
  // page from the core (data-card-values, data-worth, data-point-step, data-low-ace on the
  // form); this only adds them up as the server will on saving (referee/core/game/entry.py).

  function field(box, name) { return box.querySelector("input[name$='-" + name + "']"); }

  function wholeNumber(box) {
    var text = box.value.trim();
    if (text === "") { return null; }
    return /^\d+$/.test(text) ? Number(text) : NaN;
  }

  function number(form, name) { return Number(form.getAttribute("data-" + name)); }

  function cardValues(form) {
    if (!form.cardValues) { form.cardValues = JSON.parse(form.getAttribute("data-card-values") || "{}"); }
    return form.cardValues;
  }

  // A written card as its button writes it: "7H" and "7" are both "7", "*" is "JK".
  function cardKey(word) {
    var text = word.toUpperCase();
    if (/^(JK|\*|JOKER)$/.test(text)) { return "JK"; }
    var rank = text.replace(/^(10|[2-9TJQKA])[SHDC\u2660-\u2667]$/, "$1");
    return rank === "T" ? "10" : rank;
  }

  function cardWords(amount) {
    return field(amount, "cards").value.replace(/\//g, " / ").split(/[\s,;]+/)
      .filter(function (w) { return w; });
  }

  var PLACE = { J: 11, Q: 12, K: 13 };  // where a card lies in a sequence, for the low ace

  // Melded cards come meld by meld, "/" between: an ace lies low in a sequence whose lowest
  // other card is nearer the bottom than its highest is to the top (A 2 3, not Q K A), read
  // as the core reads a meld (referee/core/game/held.py); the page says what a low ace is worth.
  function tappedWorth(amount, words) {
    var values = cardValues(amount.closest("form"));
    var lowAce = amount.getAttribute("data-low-ace");
    var melded = amount.getAttribute("data-amount") === "melded";
    var melds = [[]];
    words.forEach(function (word) {
      if (word === "/" && melded) { melds.push([]); }
      else { melds[melds.length - 1].push(cardKey(word)); }
    });
    return melds.reduce(function (sum, meld) {
      var places = meld.filter(function (k) { return k !== "A" && k !== "JK"; })
        .map(function (k) { return PLACE[k] || Number(k); });
      var low = lowAce !== null && places.length > 0 &&
        Math.min.apply(null, places) - 1 < 14 - Math.max.apply(null, places);
      return meld.reduce(function (total, key) {
        if (key === "A" && low) { return total + Number(lowAce); }
        return total + (Object.prototype.hasOwnProperty.call(values, key) ? values[key] : NaN);
      }, sum);
    }, 0);
  }

  // One amount as the server reads it: the counts, else the cards, else the typed total.
  function amountOf(amount) {
    var counted = 0, cards = 0;
    amount.querySelectorAll("input[data-worth]").forEach(function (box) {
      var count = wholeNumber(box) || 0;
      counted += count * Number(box.getAttribute("data-worth"));
      cards += count;
    });
    var words = cardWords(amount);
    var value = counted || (words.length ? tappedWorth(amount, words) :
                                           wholeNumber(field(amount, "total")));
    var tapped = words.filter(function (w) { return w !== "/"; }).length;
    return { value: value, cards: counted ? cards : tapped, how: counted ? "counted" : "tapped" };
  }

  function wentOut(row) { return row.querySelector("input[name=went_out]").checked; }

  // "—" for nothing entered, "?" for what no cards of the game could make.
  function shown(value, form, least) {
    if (value === null) { return "—"; }
    if (isNaN(value) || value % number(form, "point-step") || value < least) { return "?"; }
    return String(value);
  }

  // A score below nothing with a true minus sign, as the standings show it: a hyphen is
  // easy to miss at arm's length (and a screen reader says "dash").
  function withMinus(value) { return value < 0 ? "\u2212" + String(-value) : String(value); }

  function held(row) { return row.querySelector("[data-amount=held]"); }

  // Charged what they hold (and a penalty for going out, where the game has one).
  function showHeldRow(row, form) {
    var output = row.querySelector(".entry-points");
    var penaltyBox = field(row, "penalty");
    var penalty = penaltyBox ? (wholeNumber(penaltyBox) || 0) : 0;
    if (wentOut(row)) { output.textContent = String(penalty); return; }
    var amount = amountOf(held(row));
    var text = shown(amount.value === 0 ? null : amount.value, form, number(form, "least-held"));
    if (text === "—" || text === "?") { output.textContent = text; }
    else { output.textContent = isNaN(penalty) ? "?" : String(amount.value + penalty); }
    showKept(row, amount.cards, amount.how);
  }

  // Melded less held: a score that may be below nothing.
  function showMeldedRow(row, form) {
    var melded = amountOf(row.querySelector("[data-amount=melded]")).value;
    var inHand = amountOf(held(row)).value;
    melded = melded === null ? 0 : melded;
    if (inHand === null && wentOut(row)) { inHand = 0; }
    row.querySelector("[id^=melded-points]").textContent = shown(melded, form, 0);
    row.querySelector("[id^=held-points]").textContent = shown(inHand, form, 0);
    var score = row.querySelector(".entry-points");
    if (inHand === null) { score.textContent = "—"; return; }
    var parts = shown(melded, form, 0) + shown(inHand, form, 0);
    score.textContent = parts.indexOf("?") >= 0 ? "?" : withMinus(melded - inHand);
  }

  // The winner collects what everyone else holds, double for going rummy.
  function showCollected(form) {
    var rows = Array.prototype.slice.call(form.querySelectorAll(".entry-row"));
    var least = number(form, "least-held");
    var total = rows.some(wentOut) ? 0 : null;
    rows.forEach(function (row) {
      if (wentOut(row)) { return; }
      var value = amountOf(held(row)).value;
      var text = shown(value, form, least);
      row.querySelector(".entry-points").textContent = text;
      total = total === null ? null : /^\d+$/.test(text) ? total + value : text === "—" ? null : NaN;
    });
    var rummy = form.querySelector("input[name=went_rummy]");
    var collected = total === null ? "—" : isNaN(total) ? "?" :
                    String(total * (rummy && rummy.checked ? 2 : 1));
    form.querySelectorAll(".entry-collected").forEach(function (o) { o.textContent = collected; });
  }

  // After a hand the referee followed: how many cards the player kept, and how many are in.
  function showKept(row, entered, how) {
    var kept = row.getAttribute("data-cards-kept");
    var shownKept = row.querySelector("[data-entry-kept]");
    if (kept === null || !shownKept || wentOut(row)) { return; }
    var words = "kept " + kept + " card" + (kept === "1" ? "" : "s");
    if (entered) { words += " · " + entered + " " + how; }
    shownKept.textContent = words;
    shownKept.classList.toggle("entry-kept--off", entered > 0 && String(entered) !== kept);
  }

  // A game played in teams: each part of a team's score is what the inputs feeding it
  // (data-part) add up to, each count times its worth (data-worth); an amount's counted
  // cards, else its typed total (data-total); against the team where the part says so.
  function showTeams(form) {
    form.querySelectorAll("[data-team-entry]").forEach(function (team) {
      var sum = 0;
      team.querySelectorAll("[data-part-line]").forEach(function (line) {
        var key = line.getAttribute("data-part-line");
        var counted = 0, count = 0, typed = null;
        team.querySelectorAll("[data-part='" + key + "']").forEach(function (box) {
          var value = box.type === "radio" ? (box.checked ? 1 : 0) : wholeNumber(box);
          if (box.hasAttribute("data-total")) { typed = value; return; }
          counted += (value || 0) * Number(box.getAttribute("data-worth"));
          count += value || 0;
        });
        var points = (counted || typed || 0) * Number(line.getAttribute("data-sign"));
        var each = line.getAttribute("data-each");
        line.querySelector("output").textContent = isNaN(points) ? "?" :
          (each === null ? "" : count + " \u00d7 " + each + " = ") + withMinus(points);
        sum += points;
      });
      team.querySelector("[data-team-total]").textContent = isNaN(sum) ? "?" : withMinus(sum);
    });
  }

  // Counting a team's cards replaces its typed total, and typing one clears the counts.
  function oneTeamWay(box) {
    var amount = box.closest("[data-team-amount]");
    if (!amount || box.value === "") { return; }
    amount.querySelectorAll("input[data-part]").forEach(function (other) {
      if (other.hasAttribute("data-total") !== box.hasAttribute("data-total")) { other.value = ""; }
    });
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest("#entry-form button[data-team-step]");
    if (!button) { return; }
    event.preventDefault();
    var parts = button.value.split(":");  // "team0:held_ace:+1"
    var box = button.form.elements[parts[0] + "-" + parts[1]];
    box.value = String(Math.max(0, (wholeNumber(box) || 0) + Number(parts[2])));
    if (box.value === "0") { box.value = ""; }
    oneTeamWay(box);
    showAll(button.form);
  });

  document.addEventListener("input", function (event) {
    if (event.target.closest("#entry-form [data-team-entry]")) {
      oneTeamWay(event.target);
      showAll(event.target.form);
    }
  });

  // A hand for stakes: only the parts the chosen ending needs show (the server ignores the
  // others); the question over the players is the ending's own.
  function showSettlement(form) {
    var ending = form.querySelector("input[name=ending]:checked");
    var who = ending ? ending.getAttribute("data-who") : "";
    form.querySelectorAll("[data-settle-who]").forEach(function (part) {
      part.hidden = part.getAttribute("data-settle-who") !== who;
    });
    form.querySelectorAll("[data-settle-counts]").forEach(function (part) {
      part.hidden = !ending || ending.getAttribute("data-counts") !== "yes";
    });
    form.querySelectorAll("[data-settle-note]").forEach(function (note) { note.hidden = true; });
    var question = form.querySelector("[data-question-of=one]");
    if (question && who === "one") { question.textContent = ending.getAttribute("data-question"); }
  }

  // A game of books: the books not yet given, and in children's mode each player's books
  // drawn as cards, as the counts change.
  function plural(count, word) { return count + " " + word + (count === 1 ? "" : "s"); }
  function showBooks(part) {
    var word = part.getAttribute("data-word");
    var inDeck = Number(part.getAttribute("data-in-deck"));
    var given = 0;
    part.querySelectorAll(".books-row").forEach(function (row) {
      var count = wholeNumber(row.querySelector("input.books-count"));
      count = count > 0 ? Math.min(count, inDeck) : 0;
      given += count;
      var pile = row.querySelector("[data-book-pile]");
      if (!pile) { return; }
      pile.textContent = "";
      for (var i = 0; i < count; i++) {
        var picture = document.createElement("span");
        picture.className = "book-picture";
        pile.appendChild(picture);
      }
      var name = row.querySelector(".books-name").textContent;
      pile.setAttribute("aria-label", name + ": " + plural(count, word));
    });
    var left = inDeck - given;
    part.querySelector("[data-books-left]").textContent = left < 0 ? plural(-left, word) + " too many"
      : left ? plural(left, word) + " not yet given" : "All " + plural(inDeck, word) + " given";
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest("#entry-form button[data-book-step]");
    if (!button) { return; }
    event.preventDefault();
    var box = button.parentNode.querySelector("input.books-count");
    box.value = String(Math.max(0, (wholeNumber(box) || 0) + Number(button.getAttribute("data-book-step"))));
    showAll(button.form);
  });

  function showAll(form) {
    var books = form.querySelector("[data-books]");
    if (books) { showBooks(books); return; }
    var shape = form.getAttribute("data-shape");
    if (shape === "settlement") { showSettlement(form); return; }
    if (shape === "teams") { showTeams(form); return; }
    if (shape === "winner_collects") { showCollected(form); return; }
    form.querySelectorAll(".entry-row").forEach(function (row) {
      if (shape === "melded_minus_held") { showMeldedRow(row, form); }
      else { showHeldRow(row, form); }
    });
  }

  // One way per amount: the way just used replaces the others, as the server does, and the
  // amount shows the others as not in use.
  function keepOnly(amount, way) {
    if (way !== "counts") {
      amount.querySelectorAll("input[data-worth]").forEach(function (box) { box.value = ""; });
    }
    if (way !== "cards") { field(amount, "cards").value = ""; showTapped(amount); }
    if (way !== "total") { field(amount, "total").value = ""; }
    var row = amount.closest(".entry-row");
    var alone = row.querySelectorAll("[data-amount]").length === 1;
    ["counts", "cards", "total"].forEach(function (each) {
      amount.classList.toggle("entry-amount--by-" + each, each === way);
      if (alone) { row.classList.toggle("entry-row--by-" + each, each === way); }
    });
    var named = amount.querySelector("[data-entry-way]");
    if (named) { named.textContent = amount.closest("form").getAttribute("data-way-" + way) || ""; }
  }

  // The tapped cards as buttons that take a card back; where one was taken back, a gap the
  // next card tapped fills.
  function showTapped(amount) {
    var box = amount.querySelector("[data-tapped]");
    box.textContent = "";
    var words = cardWords(amount);
    if (amount.tappedGap > words.length) { amount.tappedGap = undefined; }
    words.forEach(function (word, index) {
      if (index === amount.tappedGap) { box.appendChild(gapMark(box)); }
      var button = document.createElement("button");
      button.type = "submit";
      button.className = "tapped-card" + (word === "/" ? " tapped-card--break" : "");
      button.setAttribute("data-untap", String(index));
      button.setAttribute("aria-label", "Take back " + (word === "/" ? "the meld break" : word));
      button.textContent = word === "/" ? box.getAttribute("data-break-word") : word;
      var cross = document.createElement("span");
      cross.setAttribute("aria-hidden", "true");
      cross.textContent = " \u00d7";
      button.appendChild(cross);
      box.appendChild(button);
    });
    if (amount.tappedGap === words.length) { box.appendChild(gapMark(box)); }
  }

  function gapMark(box) {
    var gap = document.createElement("span");
    gap.className = "tapped-gap";
    gap.setAttribute("role", "status");
    gap.textContent = box.getAttribute("data-gap-words");
    return gap;
  }

  // +/- and card taps change the amount here; without JavaScript they post and the server counts.
  document.addEventListener("click", function (event) {
    var button = event.target.closest("#entry-form button[data-step], #entry-form button[data-tap], " +
                                      "#entry-form button[data-untap]");
    if (!button) { return; }
    event.preventDefault();
    var amount = button.closest("[data-amount]");
    var form = button.form;  // before a taken-back card's button leaves the page
    if (button.hasAttribute("data-step")) {
      var parts = button.value.split(":");
      var count = field(amount, parts[1]);
      count.value = String(Math.max(0, (wholeNumber(count) || 0) + Number(parts[2])));
      keepOnly(amount, "counts");
    } else {
      var words = cardWords(amount);
      // A card taken back leaves its place open: the next card tapped goes there, so a
      // wrong card is put right inside its meld rather than at the end.
      var gap = amount.tappedGap;
      if (button.hasAttribute("data-tap")) {
        var tapped = button.getAttribute("data-tap");
        if (gap !== undefined && gap <= words.length) { words.splice(gap, 0, tapped); }
        else { words.push(tapped); }
        amount.tappedGap = undefined;
      } else {
        amount.tappedGap = Number(button.getAttribute("data-untap"));
        words.splice(amount.tappedGap, 1);
      }
      field(amount, "cards").value = words.join(" ");
      keepOnly(amount, "cards");
      showTapped(amount);
      markMelds(amount, form);
    }
    showAll(form);
  });

  // The melds tapped that are none, in the core's words: asked of the server after each tap.
  function markMelds(amount, form) {
    var marks = amount.querySelector("[data-meld-marks]");
    var url = form.getAttribute("data-meld-marks");
    if (!marks || !url) { return; }
    var asked = field(amount, "cards").value;
    var query = "?where=" + encodeURIComponent(marks.id.replace(/-marks$/, "")) +
                "&cards=" + encodeURIComponent(asked);
    fetch(url + query)
      .then(function (response) { return response.ok ? response.text() : null; })
      .then(function (html) {
        if (html === null || field(amount, "cards").value !== asked) { return; }  // overtaken
        var page = new DOMParser().parseFromString(html, "text/html");
        var fresh = page.querySelector("[data-meld-marks]");
        if (fresh) { marks.replaceChildren.apply(marks, Array.prototype.slice.call(fresh.childNodes)); }
      })
      .catch(function () {});  // offline: the marks come with the page on saving
  }

  document.addEventListener("input", function (event) {
    var amount = event.target.closest("#entry-form [data-amount]");
    var form = event.target.closest("#entry-form");
    if (!form) { return; }
    var name = event.target.name || "";
    if (amount && event.target.value !== "") {
      if (/-total$/.test(name)) { keepOnly(amount, "total"); }
      else if (/-n\d+$/.test(name)) { keepOnly(amount, "counts"); }
      else if (/-cards$/.test(name)) {
        amount.tappedGap = undefined;
        keepOnly(amount, "cards");
        showTapped(amount);
        markMelds(amount, form);
      }
    }
    showAll(form);
  });

  document.addEventListener("change", function (event) {
    var form = event.target.form;
    if (form && form.id === "entry-form" && /^(went_out|went_rummy|ending)$/.test(event.target.name)) {
      showAll(form);
    }
  });

  document.addEventListener("DOMContentLoaded", function () {
    var form = document.getElementById("entry-form");
    if (form) { showAll(form); showFirstProblem(form) || showPointsAsked(form); }
  });

  // The points a hand's entry was asked to show ("Show the points") load with the page, which
  // opens at its top: bring them into view and focus them, so a screen reader reads them.
  function showPointsAsked(form) {
    var answer = form.querySelector("[data-answer]");
    if (answer) { window.answers.bringToEyes(answer); }
  }

  // An entry sent back to fix (422) loads at the page's top, but what to fix may be far
  // below it ("Say why hand 3 is corrected" under the last row): the first thing marked comes
  // into view, its words with the box they are about, and the box (else the words) takes the
  // focus, so the keyboard is there and a screen reader reads why. Its words, not the whole
  // row: a team's row is taller than a phone's screen, and centred its words went above it.
  function showFirstProblem(form) {
    var wrong = form.querySelector("[aria-invalid=true], .field-error, .entry-anyway");
    if (!wrong) { return false; }
    var words = wrong.matches("input, select, textarea") ? wordsAbout(wrong) : wrong;
    var box = words === wrong ? boxOf(form, words) : wrong;
    window.answers.bringToEyes(words || wrong, box, null, box);
    return true;
  }

  // The message a marked box is described by (aria-describedby), if it says what is wrong.
  function wordsAbout(box) {
    var ids = (box.getAttribute("aria-describedby") || "").split(/\s+/);
    for (var i = 0; i < ids.length; i++) {
      var words = ids[i] && document.getElementById(ids[i]);
      if (words && words.matches(".field-error, [role=alert]")) { return words; }
    }
    return null;
  }

  // The box marked wrong that a message is about, if any.
  function boxOf(form, words) {
    if (!words.id) { return null; }
    var box = form.querySelector("[aria-invalid=true][aria-describedby~='" + words.id + "']");
    return box && box.checkVisibility() ? box : null;
  }

  // What static/board.js needs to swap a board in as htmx would.
  window.boardPage = { shownVersion: shownVersion, versionIn: versionIn,
                       rememberScroll: rememberScroll, afterBoardChange: afterBoardChange,
                       removeFlashes: removeFlashes };
})();
