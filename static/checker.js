// Card screen taps, applied to the page's boxes at once.
//
// Without this, each tap's request carried the cards the page showed when it
// was sent, so a second quick tap (which cancels the first request) lost the
// first card. Here every tap edits the boxes immediately and then asks htmx for
// an answer on all of them; the last answer always has every tap in it.
// Without JavaScript the same buttons submit the form and the server applies
// the tap instead.
//
// The meld checker and "Can I go down?" have one box of cards. The rummy check
// has two, the discard pile and the table (melds between slashes), and taps go
// where the checked "into" radio says; "Can we open?" has the table only; "Can we go out?"
// counts piles with + and −. A meld whose last card is taken back
// stays an empty place until the answer comes, so every card's button still
// names its place; the server drops it.
(function () {
  "use strict";

  // The card a rank button adds: of the suit chosen; on a screen that asks no suit (melds go
  // by rank alone), of the suit that rank has least of in ``words``, as the server picks it.
  function tappedCard(form, rank, words) {
    if (rank === "JK") { return rank; }
    var suit = form.querySelector("input[name=suit]:checked");
    if (suit || form.querySelector("input[name=suit]")) { return rank + (suit ? suit.value : "S"); }
    var best = "S", fewest = Infinity;
    ["S", "H", "D", "C"].forEach(function (each) {
      var held = words.filter(function (word) {
        return word.toUpperCase() === rank + each;
      }).length;
      if (held < fewest) { best = each; fewest = held; }
    });
    return rank + best;
  }

  function applyTap(form, button) {
    var box = form.querySelector("input[name=cards]");
    var cards = box.value.trim() ? box.value.trim().split(/\s+/) : [];
    if (button.name === "add") {
      cards.push(tappedCard(form, button.value, cards));
    } else if (button.name === "remove") {
      var index = Number(button.value);
      cards.splice(index, 1);
      // Later cards move down one place; keep their buttons pointing at them.
      form.querySelectorAll("button[name=remove]").forEach(function (other) {
        if (Number(other.value) > index) { other.value = String(Number(other.value) - 1); }
      });
      button.remove();
    } else if (button.name === "clear") {
      cards = [];
    }
    box.value = cards.join(" ");
  }

  var wordsOf = window.cardChips.wordsOf;

  function meldsOf(text) {
    return text.trim() ? text.split(/[\/|\n]/).map(wordsOf) : [];
  }

  function write(box, melds) {
    box.value = melds.map(function (meld) { return meld.join(" "); }).join(" / ");
  }

  function addCard(form, card) {
    var into = form.querySelector("input[name=into]:checked");
    var pile = form.querySelector("input[name=pile]");
    var table = form.querySelector("input[name=table]");
    if (pile && (!into || into.value === "pile")) {
      pile.value = wordsOf(pile.value).concat([card]).join(" ");
      return;
    }
    var melds = meldsOf(table.value);
    var index = into ? Number(into.value) : melds.length;
    if (!into || into.value === "new" || index >= melds.length) {
      melds.push([card]);
      // The next taps go on into the meld just started, as the server does without us.
      if (into) { into.value = String(melds.length - 1); }
    } else {
      melds[index].push(card);
    }
    write(table, melds);
  }

  function removeCard(form, button) {
    var place = button.value.split(":");
    var position = Number(place[place.length - 1]);
    var prefix = place.slice(0, -1).join(":") + ":";
    if (place[0] === "pile" && form.querySelector("input[name=pile]")) {
      var pile = form.querySelector("input[name=pile]");
      var cards = wordsOf(pile.value);
      cards.splice(position, 1);
      pile.value = cards.join(" ");
    } else {
      var table = form.querySelector("input[name=table]");
      var melds = meldsOf(table.value);
      if (melds[Number(place[1])]) { melds[Number(place[1])].splice(position, 1); }
      write(table, melds);
    }
    // Later cards of the same list move down one place: keep their buttons pointing at them.
    form.querySelectorAll("button[name=remove]").forEach(function (other) {
      var rest = other.value.slice(prefix.length);
      if (other.value.indexOf(prefix) === 0 && Number(rest) > position) {
        other.value = prefix + String(Number(rest) - 1);
      }
    });
    button.remove();
  }

  function applyPileTap(form, button) {
    if (button.name === "add") {
      var table = form.querySelector("input[name=table]");
      addCard(form, tappedCard(form, button.value,
        wordsOf(table ? table.value.replace(/\//g, " ") : "")));
    } else if (button.name === "remove") {
      removeCard(form, button);
    } else if (button.name === "clear") {
      var pile = form.querySelector("input[name=pile]");
      if (pile) { pile.value = ""; }
      form.querySelector("input[name=table]").value = "";
      var first = form.querySelector("input[name=into][value=pile]") ||
        form.querySelector("input[name=into][value=new]");
      if (first) { first.checked = true; }
    }
  }

  // "Who's lowest?": one box of cards per player; taps go to the player the "into" radio names.
  function applySeatTap(form, button) {
    var seat, box;
    if (button.name === "add") {
      var into = form.querySelector("input[name=into]:checked");
      var suit = form.querySelector("input[name=suit]:checked");
      box = form.querySelector("input[name=cards" + (into ? into.value : "0") + "]");
      box.value = wordsOf(box.value).concat(
        [button.value === "JK" ? "JK" : button.value + (suit ? suit.value : "S")]).join(" ");
    } else if (button.name === "remove") {
      window.cardChips.takeBack(form, button, function (seat) {
        return form.querySelector("input[name=cards" + seat + "]");
      });
    } else if (button.name === "clear") {
      seat = form.querySelector("input[name=cards" + button.value + "]");
      if (seat) { seat.value = ""; }
    }
  }

  // htmx remembers a focused or clicked submit button and sends it with the
  // form, which would make the server apply the same tap a second time: stop
  // the click before htmx sees it, and blur the button so htmx forgets it.
  document.addEventListener("click", function (event) {
    var button = event.target.closest("#card-form button[name]");
    if (!button || !window.htmx) { return; }
    event.preventDefault();
    event.stopPropagation();
    var form = button.form;
    button.blur();
    if (form.dataset.taps === "seats") {
      applySeatTap(form, button);
    } else {
      (form.querySelector("input[name=table]") ? applyPileTap : applyTap)(form, button);
    }
    window.htmx.trigger(form, "submit");
  }, true);

  // "Can we go out?": a + or − counts in the page at once, for the same reason as a tap:
  // a second quick tap cancels the first request, which must not lose the first count.
  document.addEventListener("click", function (event) {
    var button = event.target.closest("#question-form button[name=step]");
    if (!button || !window.htmx) { return; }
    event.preventDefault();
    event.stopPropagation();
    button.blur();
    var parts = button.value.split(":");
    var box = document.getElementById(parts[0]);
    var count = parseInt(box.value, 10);
    var most = Number(box.dataset.most);  // as the server's steps: 0 to the form's most
    box.value = String(Math.min(most, Math.max(0, (isNaN(count) ? 0 : count) + Number(parts[1]))));
    window.htmx.trigger(button.form, "submit");
  }, true);
})();
