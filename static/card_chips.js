// What the tap screens share (checker.js for the rummies' questions, card_boxes.js for the other
// games'): a box's cards as words, and a tapped card taken back by its chip.
(function () {
  "use strict";

  function wordsOf(text) {
    var trimmed = text.trim();
    return trimmed ? trimmed.split(/\s+/) : [];
  }

  // A chip's button says "box:position"; ``boxNamed`` finds the box's input from the first part.
  // Later cards of the same box move down one place: their buttons are kept pointing at them.
  function takeBack(form, button, boxNamed) {
    var place = button.value.split(":");
    var position = Number(place[1]);
    var box = boxNamed(place[0]);
    if (!box) { return; }
    var cards = wordsOf(box.value);
    cards.splice(position, 1);
    box.value = cards.join(" ");
    form.querySelectorAll("button[name=remove]").forEach(function (other) {
      var at = other.value.split(":");
      if (at[0] === place[0] && Number(at[1]) > position) {
        other.value = at[0] + ":" + String(Number(at[1]) - 1);
      }
    });
    button.remove();
  }

  window.cardChips = {wordsOf: wordsOf, takeBack: takeBack};
})();
