// The tap screens of the other card games (Escoba, Bourré...): each tap edits the page's boxes
// at once, then asks htmx for the answer on all of them.
//
// Without this, a second quick tap (which cancels the first request: hx-sync replace) would
// carry the boxes as the page showed them before the first, and lose the first card. Without
// JavaScript the same buttons post the form and the server applies the tap
// (referee/web/questions/card_boxes.py), the same way as here.
(function () {
  "use strict";

  var wordsOf = window.cardChips.wordsOf;

  function add(form, rank) {
    var into = form.querySelector("input[name=into]:checked");
    var suit = form.querySelector("input[name=suit]:checked");
    var box = form.querySelector("input[name=" + (into ? into.value : "table") + "]");
    if (!box) { return; }
    var card = rank + (suit ? suit.value : "S");
    if (box.dataset.single) {
      box.value = card;
      // A box of one card is full: the next taps go where the server sends them too.
      var next = box.dataset.then && form.querySelector(
        "input[name=into][value=" + box.dataset.then + "]");
      if (next) { next.checked = true; }
    } else {
      box.value = wordsOf(box.value).concat([card]).join(" ");
    }
  }

  function remove(form, button) {
    window.cardChips.takeBack(form, button, function (name) {
      return form.querySelector("input[name=" + name + "]");
    });
  }

  // htmx would send the clicked button with the form, and the server would apply the tap a
  // second time: stop the click before htmx sees it, and blur the button so htmx forgets it.
  document.addEventListener("click", function (event) {
    var button = event.target.closest("#tap-form button[name]");
    if (!button || !window.htmx) { return; }
    event.preventDefault();
    event.stopPropagation();
    var form = button.form;
    button.blur();
    if (button.name === "add") {
      add(form, button.value);
    } else if (button.name === "remove") {
      remove(form, button);
    } else if (button.name === "clear") {
      form.querySelectorAll("input[data-box]").forEach(function (box) { box.value = ""; });
    }
    window.htmx.trigger(form, "submit");
  }, true);

  // An answer asked for before the player tapped or typed more is out of date: swapped in, it
  // would put back the boxes as they were and wipe what came since. It is dropped, and the
  // boxes as they are now are asked about instead.
  function asked(form) {
    return new URLSearchParams(new FormData(form)).toString();
  }

  document.addEventListener("htmx:beforeRequest", function (event) {
    var form = document.getElementById("tap-form");
    if (form && form.contains(event.detail.elt)) {
      event.detail.xhr.askedAbout = asked(form);
    }
  });

  document.addEventListener("htmx:beforeSwap", function (event) {
    var form = document.getElementById("tap-form");
    var then = event.detail.xhr.askedAbout;
    if (form && then !== undefined && asked(form) !== then) {
      event.detail.shouldSwap = false;
      window.htmx.trigger(form, "submit");
    }
  });

  // The answer to a tap or a typed question in view: when the swapped-in answer is off the
  // screen (a phone scrolled down to the picker or the typed boxes), it is scrolled to the top,
  // with the picker, which follows it on a phone, below it.
  document.addEventListener("htmx:afterSettle", function () {
    var answer = document.getElementById("verdict");
    if (!answer || !document.getElementById("tap-form")) { return; }
    var box = answer.getBoundingClientRect();
    if (box.top < 0 || box.bottom > window.innerHeight) {
      answer.scrollIntoView({block: "start"});
    }
  });
})();
