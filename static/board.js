// A game's board, swapped in anew by a poll (another device changed the game) or by the answer
// to a referee tap, holds the screen still: a poll never moves the view or the focus, nor
// folds away or empties what the player was entering; a tap's answer, and the control the
// next step needs, are brought into view only when they are not in it already.
// Without JavaScript every form still posts and the page reloads.
(function () {
  "use strict";

  var page = window.boardPage;  // static/games.js
  var bringToEyes = window.answers.bringToEyes;  // static/answer.js

  // --- Polls ------------------------------------------------------------------------------
  // A poll answered while a tap's answer is on its way (on a busy machine the poll may bring
  // the tap's own step first), or one bringing the very game shown or an older one: nothing
  // to show, and swapped in it would take the focus and the view the tap's answer is to have.
  // A newer game is swapped in here, holding the screen as it was.
  var tapsOnTheirWay = 0;

  document.addEventListener("htmx:beforeSwap", function (event) {
    var target = event.detail.target;
    if (!event.detail.shouldSwap || !target || target.id !== "board") { return; }
    event.detail.shouldSwap = false;
    var html = event.detail.serverResponse;
    if (tapsOnTheirWay || page.versionIn(html) <= page.shownVersion()) { return; }
    var incoming = boardIn(html);
    if (incoming) { swapIn(incoming, true); }
  });

  function boardIn(html) {
    var template = document.createElement("template");
    template.innerHTML = html;
    return template.content.querySelector("#board");
  }

  // The board replaced by ``incoming`` with the view where it was; ``holding``: a poll's, so
  // the focus stays on the same control and what was being entered for the same turn stays.
  function swapIn(incoming, holding) {
    var board = document.getElementById("board");
    var scrolled = window.scrollY;
    var focused = holding ? describe(document.activeElement) : null;
    var anchor = holding ? anchorIn(board) : null;
    var entries = holding && sameTurn(board, incoming) ? entriesIn(board) : null;
    page.rememberScroll();
    page.removeFlashes();
    board.replaceWith(incoming);
    if (entries) { putBack(incoming, entries); }
    window.htmx.process(incoming);
    page.afterBoardChange();
    incoming.dispatchEvent(new CustomEvent("board:swapped", { bubbles: true }));  // announce.js
    if (focused) { refocus(incoming, focused); }
    if (window.scrollY !== scrolled) { window.scrollTo(0, scrolled); }
    if (anchor) { holdAnchor(incoming, anchor); }
  }

  // What the eyes were on stays where it was on the screen, though the parts above it grew or
  // shrank: the focused control if in view, else the first thing of the board in view.
  var ANCHORS = "button, input, summary, a[href], select, textarea, [tabindex], h1, h2, h3, [id]";

  function anchorIn(board) {
    var focused = document.activeElement;
    var candidates = [focused].concat(Array.prototype.slice.call(board.querySelectorAll(ANCHORS)));
    for (var i = 0; i < candidates.length; i++) {
      var box = candidates[i] && board.contains(candidates[i]) && candidates[i].getBoundingClientRect();
      var description = box && box.height && box.top >= 0 && box.top < window.innerHeight &&
        describe(candidates[i]);
      if (description) { return { description: description, top: box.top }; }
    }
    return null;
  }

  function holdAnchor(board, anchor) {
    var again = found(board, ANCHORS, anchor.description);
    var moved = again ? again.getBoundingClientRect().top - anchor.top : 0;
    if (moved) { window.scrollBy(0, moved); }
  }

  function found(board, selector, description) {
    var candidates = board.querySelectorAll(selector);
    for (var i = 0; i < candidates.length; i++) {
      if (describe(candidates[i]) === description) { return candidates[i]; }
    }
    return null;
  }

  // The same player at the same point of the same turn: what was entered still means the same.
  function sameTurn(board, incoming) {
    var before = board.querySelector("#referee-title, #round-title");
    var after = incoming.querySelector("#referee-title, #round-title");
    return Boolean(before && after && before.textContent === after.textContent);
  }

  // A control by what it does (its form, name and value), not by the node, which the swap
  // replaces; a summary by the part it opens.
  function describe(element) {
    if (!element || element === document.body || !element.closest("#board")) { return null; }
    if (element.id) { return "#" + element.id; }
    var form = element.closest("form");
    var part = element.closest("details");
    return [element.tagName, element.name || "", element.value || "",
            form ? form.getAttribute("action") : "",
            part ? part.className : "", element.textContent.trim()].join("|");
  }

  var FOCUSABLE = "button, input, summary, a[href], select, textarea, [tabindex]";

  function refocus(board, description) {
    var again = found(board, FOCUSABLE, description);
    if (again) { again.focus({ preventScroll: true }); }
  }

  // What the player has set and not sent yet: the parts opened, the cards and boxes chosen,
  // the words typed.
  function entriesIn(board) {
    var entries = { open: [], checked: [], typed: [] };
    board.querySelectorAll("#referee details[open]").forEach(function (part) {
      entries.open.push(partKey(part));
    });
    board.querySelectorAll("#referee form").forEach(function (form) {
      var action = form.getAttribute("action");
      form.querySelectorAll("input[type=radio]:checked").forEach(function (box) {
        entries.checked.push([action, box.name, box.value]);
      });
      form.querySelectorAll("input[type=text], input[type=number]").forEach(function (box) {
        entries.typed.push([action, box.name, box.value]);
      });
    });
    return entries;
  }

  function partKey(part) {
    var summary = part.querySelector("summary");
    return part.className + "|" + (summary ? summary.textContent.trim() : "");
  }

  function putBack(board, entries) {
    board.querySelectorAll("#referee details").forEach(function (part) {
      if (entries.open.indexOf(partKey(part)) >= 0) { part.open = true; }
    });
    board.querySelectorAll("#referee form").forEach(function (form) {
      var action = form.getAttribute("action");
      entries.checked.forEach(function (entry) {
        if (entry[0] !== action) { return; }
        form.querySelectorAll("input[type=radio]").forEach(function (box) {
          if (box.name === entry[1] && box.value === entry[2]) { box.checked = true; }
        });
      });
      entries.typed.forEach(function (entry) {
        var box = entry[0] === action && form.querySelector("input[name='" + entry[1] + "']");
        if (box && box.type !== "hidden") { box.value = entry[2]; }
      });
    });
  }

  // --- Taps ---------------------------------------------------------------------------------
  // Not through htmx, which queues a second request from one form behind the first and then
  // drops it when the first answer has replaced the form: a claim tapped right after another
  // would be lost. Each tap goes at once; the server catches it up with whatever another
  // device changed meanwhile, or answers why it did not count; the newest board is shown.
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form.hasAttribute || !form.hasAttribute("data-referee-step") || !window.fetch) { return; }
    event.preventDefault();
    var submitter = event.submitter || null;
    var body = new URLSearchParams(new FormData(form, submitter));
    var action = submitter && submitter.hasAttribute("formaction") ? submitter.formAction : form.action;
    var title = document.querySelector("#board #referee-title, #board #round-title");  // a round's too
    var before = title ? title.textContent : "";  // the turn as the tap saw it
    tapsOnTheirWay += 1;
    fetch(action, { method: "POST", body: body, credentials: "same-origin",
                         headers: { "HX-Request": "true" } })
      .then(function (response) { return response.text(); })
      .then(function (html) {
        tapsOnTheirWay -= 1;
        showBoard(html, form, before);
      }, function () {
        tapsOnTheirWay -= 1;
        sayOnBoard("Not sent: this device could not reach the scorer. Check the Wi-Fi and tap again.");
      });
  });

  function showBoard(html, form, before) {
    var incoming = boardIn(html);
    var board = document.getElementById("board");
    if (!incoming || !board) { return; }
    if (page.versionIn(html) < page.shownVersion()) {  // a newer game is shown: keep it, say the rest
      incoming.querySelectorAll("[role=alert]").forEach(function (alert) {
        sayOnBoard(alert.textContent);
      });
      return;
    }
    swapIn(incoming, false);
    showAnswer(incoming, before, form);
  }

  // The answer to a tap where the eyes are, with the control the next step needs: why the
  // tap did not count; else the question the tap raised, with its buttons (the suit a jack
  // names; the card a rummy caller threw); else, after a tap on who wants it, the ruling
  // with its buy button; else the next turn, or the newest step (the draw, the melds laid...), with the turn's
  // controls under it. It gets the focus, so a screen reader reads it too.
  function showAnswer(board, titleBefore, form) {
    var panel = board.querySelector("#referee") || board.querySelector("#round");
    if (!panel) { return; }
    var refusal = panel.querySelector("[role=alert]");
    var ruling = panel.querySelector(".referee-ruling");
    var title = panel.querySelector("#referee-title, #round-title");
    var newest = panel.querySelector("#referee-last");
    if (refusal) { bringToEyes(refusal); return; }
    var asking = form && askingIn(panel, form);
    if (asking) { bringToEyes(asking.question, asking.form); return; }
    if (form && form.classList.contains("referee-claim-form")) {
      if (ruling) { bringToEyes(ruling, ruling.querySelector(".referee-bought")); }
      else { bringToEyes(panel.querySelector(".referee-claims")); }
      return;
    }
    // Read in the panel's head, which comes into view whole: the turn and the newest step.
    var answer = title && (title.textContent !== titleBefore || !newest) ? title : newest;
    if (answer) { bringToEyes(answer, nextControl(panel), panel.querySelector(".referee-head")); }
  }

  // The tapped form back, asking what the step still needs (the card a rummy caller threw).
  function askingIn(panel, form) {
    var found = null;
    panel.querySelectorAll("form").forEach(function (again) {
      var question = again.getAttribute("action") === form.getAttribute("action") &&
        again.querySelector("[role=status]");
      if (!found && question) { found = { form: again, question: question }; }
    });
    return found;
  }

  function nextControl(panel) {
    return panel.querySelector(".referee-draw, .referee-more[open], .referee-score") ||
      panel.querySelector(".referee-discard, .round-play");
  }

  function sayOnBoard(words) {
    var board = document.getElementById("board");
    if (!board) { return; }
    var note = document.createElement("p");
    note.className = "stale-message board-message";
    note.setAttribute("role", "alert");
    note.textContent = words;
    var panel = board.querySelector("#referee .referee-head");
    if (panel) { panel.after(note); } else { board.prepend(note); }
    bringToEyes(note);
  }
})();
