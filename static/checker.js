// Meld checker taps, applied to the cards box at once.
//
// Without this, each tap's request carried the cards the page showed when it
// was sent, so a second quick tap (which cancels the first request) lost the
// first card. Here every tap edits the box immediately and then asks htmx for
// a verdict on the whole box; the last answer always has every tap in it.
// Without JavaScript the same buttons submit the form and the server applies
// the tap instead.
(function () {
  "use strict";

  function applyTap(form, button) {
    var box = form.querySelector("input[name=cards]");
    var cards = box.value.trim() ? box.value.trim().split(/\s+/) : [];
    if (button.name === "add") {
      var suit = form.querySelector("input[name=suit]:checked");
      cards.push(button.value === "JK" ? "JK" : button.value + (suit ? suit.value : "S"));
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
    applyTap(form, button);
    window.htmx.trigger(form, "submit");
  }, true);
})();
