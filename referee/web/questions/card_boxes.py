"""Cards tapped into named boxes (the card played, the table, a hand...): the taps the
question screens of the other card games share, sent as buttons so they work without
JavaScript. A box is kept as text a player could type (``7D KS``); ``into`` names the box the
next rank tapped goes into, of the suit chosen.

>>> boxes = CardBoxes({"played": "", "table": "5H"}, into="played", single={"played"},
...                   then={"played": "table"})
>>> boxes.add("7", "D"); boxes.texts, boxes.into
({'played': '7D', 'table': '5H'}, 'table')
>>> boxes.add("K", "S"); boxes.remove("table:0"); boxes.texts
{'played': '7D', 'table': 'KS'}
"""

from __future__ import annotations

from dataclasses import dataclass, field

from flask_wtf import FlaskForm
from wtforms import StringField
from wtforms.validators import AnyOf, Length, Optional

from ...core import Card, RefereeInputError, Suit, parse_card
from ..forms import SUIT_CHOICES


class TapsForm(FlaskForm):
    """What every tap screen sends beside its boxes: the suit for the next rank, the box it
    goes into, and the tap itself (buttons, never typed). Posted with CSRF."""

    suit = StringField("Suit for the next card", default="S", validators=[
        AnyOf([s.value for s in Suit], message="Choose spades, hearts, diamonds or clubs.")])
    into = StringField(validators=[Optional(), Length(max=12)])
    add = StringField(validators=[Optional(), Length(max=3)])
    remove = StringField(validators=[Optional(), Length(max=16)])  # "box:index"
    clear = StringField(validators=[Optional(), Length(max=12)])  # a box, or "all"


@dataclass
class CardBoxes:
    texts: dict[str, str]
    into: str
    single: set[str] = field(default_factory=set)  # boxes that hold one card
    then: dict[str, str] = field(default_factory=dict)  # where taps go once a box is full

    def add(self, rank: str, suit: str) -> None:
        card = rank.strip().upper() + suit
        if self.into in self.single:
            self.texts[self.into] = card
            self.into = self.then.get(self.into, self.into)
        else:
            self.texts[self.into] = f"{self.texts[self.into]} {card}".strip()

    def remove(self, where: str) -> None:
        box, _, index = where.partition(":")
        if box in self.texts and index.isdigit():
            words = self.texts[box].split()
            if int(index) < len(words):
                del words[int(index)]
            self.texts[box] = " ".join(words)

    def clear(self, box: str) -> None:
        for name in self.texts:
            if box in (name, "all"):
                self.texts[name] = ""


def apply_taps(form, boxes: list[str], single=(), then=None) -> CardBoxes:
    """The boxes after the tap ``form`` carries; each box's text is written back to its field
    so the page shows it (tapped or typed alike)."""
    for tap in (form.add, form.remove, form.clear, form.into):
        if tap.errors:  # a value no button sends is passed over
            tap.data, tap.errors = None, []
    if form.suit.errors:
        form.suit.data, form.suit.errors = "S", []
    into = form.into.data if form.into.data in boxes else boxes[0]
    taps = CardBoxes({box: (form[box].data or "").strip() for box in boxes}, into,
                     set(single), dict(then or {}))
    if form.clear.data:
        taps.clear(form.clear.data)
    if form.add.data:
        taps.add(form.add.data, form.suit.data or "S")
    if form.remove.data:
        taps.remove(form.remove.data)
    for box in boxes:
        form[box].data = taps.texts[box]
    form.into.data = taps.into
    return taps


def shown(text: str) -> list[Card | str]:
    """Each word as its card, or as typed when it is no card (a refusal says why)."""
    cards: list[Card | str] = []
    for word in text.split():
        try:
            cards.append(parse_card(word))
        except RefereeInputError:
            cards.append(word)
    return cards


def tap_context(deck, boxes: CardBoxes) -> dict:
    """What templates/questions/_taps.html needs: the deck's ranks, the suits, each box's cards."""
    return {"ranks": [rank for rank in sorted(deck.ranks, key=int)],
            "suit_choices": SUIT_CHOICES,
            "shown": {box: shown(text) for box, text in boxes.texts.items()},
            "into": boxes.into}
