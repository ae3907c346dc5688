// Referee mode, going down: a card tapped on the grid joins the meld being filled, and a tap on
// its chip takes it back, here, without a round trip. Once a meld has its fewest cards (the
// page says how many, from the core) the next taps fill the next meld still short of its own;
// a tap on a meld's name fills that one instead. Without JavaScript each tap posts the form
// and the server does the same (referee/web/kept/referee.py, _tap_into and _untap);
// referee_panel.tapped words the chips as cardLabel does.
(function () {
  "use strict";

  var SUIT_SYMBOLS = { S: "\u2660", H: "\u2665", D: "\u2666", C: "\u2663" };

  function cardLabel(word) {
    var text = word.toUpperCase();
    if (text.indexOf("JK=") === 0) { return "Joker as " + cardLabel(text.slice(3)); }
    if (text === "JK") { return "Joker"; }
    var suit = SUIT_SYMBOLS[text.slice(-1)];
    return suit ? text.slice(0, -1).replace(/^T$/, "10") + suit : word;
  }

  function typedBox(form, meld) { return form.querySelector("[data-meld-input='" + meld + "']"); }

  function cardsIn(box) { return box.value.replace(/,/g, " ").split(/\s+/).filter(Boolean); }

  function fewest(form, meld) {
    return Number(form.querySelector("[data-meld-chips='" + meld + "']").getAttribute("data-fewest"));
  }

  function chip(meld, index, word) {
    var button = document.createElement("button");
    button.type = "submit";
    button.name = "untap";
    button.value = meld + ":" + index;
    button.className = "tapped-card";
    button.setAttribute("data-untap-card", String(index));
    button.setAttribute("aria-label", "Take back " + cardLabel(word));
    button.textContent = cardLabel(word);
    var cross = document.createElement("span");
    cross.setAttribute("aria-hidden", "true");
    cross.textContent = " \u00d7";
    button.appendChild(cross);
    return button;
  }

  // A meld's chips, then an empty place for each card it still needs.
  function showMeldChips(form, meld) {
    var box = typedBox(form, meld);
    var chips = form.querySelector("[data-meld-chips='" + meld + "']");
    if (!box || !chips) { return; }
    chips.textContent = "";
    var words = cardsIn(box);
    words.forEach(function (word, index) { chips.appendChild(chip(meld, index, word)); });
    for (var left = fewest(form, meld) - words.length; left > 0; left--) {
      var place = document.createElement("span");
      place.className = "down-slot";
      place.setAttribute("aria-hidden", "true");
      chips.appendChild(place);
    }
  }

  function fillInto(form, meld) {
    var into = form.querySelector("input[name=tap_into][value='" + meld + "']");
    if (into) { into.checked = true; }
  }

  // A meld that has its fewest cards hands the next taps to the next one still short.
  function moveOn(form, meld) {
    if (cardsIn(typedBox(form, meld)).length < fewest(form, meld)) { return; }
    var short = [];
    form.querySelectorAll("[data-meld-chips]").forEach(function (chips) {
      var each = Number(chips.getAttribute("data-meld-chips"));
      if (cardsIn(typedBox(form, each)).length < fewest(form, each)) { short.push(each); }
    });
    var later = short.filter(function (each) { return each > Number(meld); });
    var next = later.length ? later[0] : short[0];
    if (next !== undefined) { fillInto(form, next); }
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest("#go-down button[data-grid-card], #go-down button[data-untap-card]");
    if (!button) { return; }
    event.preventDefault();
    var form = button.form;
    if (button.hasAttribute("data-untap-card")) {
      var meld = button.value.split(":")[0];
      var typed = typedBox(form, meld);
      var words = cardsIn(typed);
      words.splice(Number(button.getAttribute("data-untap-card")), 1);
      typed.value = words.join(" ");
      showMeldChips(form, meld);
      fillInto(form, meld);  // the card taken back is replaced where it was
      return;
    }
    var into = form.querySelector("input[name=tap_into]:checked");
    var target = into ? into.value : "0";
    var box = typedBox(form, target);
    if (!box) { return; }
    box.value = (box.value.trim() + " " + button.value).trim();
    showMeldChips(form, target);
    moveOn(form, target);
  });

  document.addEventListener("input", function (event) {
    var box = event.target.closest("#go-down [data-meld-input]");
    if (box) { showMeldChips(box.form, box.getAttribute("data-meld-input")); }
  });

  // A board swapped in (static/board.js) may have put back cards typed before it came.
  document.addEventListener("board:swapped", function () {
    var form = document.getElementById("go-down");
    if (!form) { return; }
    form.querySelectorAll("[data-meld-input]").forEach(function (box) {
      showMeldChips(form, box.getAttribute("data-meld-input"));
    });
  });
})();
