"""The rummy check's taps: cards into the discard pile or into a meld on the table.

The pile is one list of cards, the table a list of melds, each kept as text the way a
player could type it (``4H 5H 6H / 9S 9D 9C``). ``into`` says where the next tapped card
goes: ``pile``, a meld's index, or ``new`` for a meld not started yet. A meld whose last
card is taken back is dropped, and ``into`` follows the melds that move up.

>>> taps = PileTaps.read("7H 2C", "4H 5H 6H", "new")
>>> taps.add("9S")
>>> taps.table_text, taps.into
('4H 5H 6H / 9S', '1')
>>> taps.remove("table:1:0")
>>> taps.tidy()
>>> taps.table_text, taps.into
('4H 5H 6H', 'new')
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ...core import Card, RefereeInputError, parse_card
from ...core.text import whole_number
from .picker import tapped_card

MELD_SEPARATORS = re.compile(r"[/|\n]")
PILE, NEW = "pile", "new"
_PLACE = re.compile(r"pile:([0-9]{1,3})|table:([0-9]{1,2}):([0-9]{1,2})")


@dataclass
class PileTaps:
    pile: list[str]
    table: list[list[str]]
    into: str = PILE

    @classmethod
    def read(cls, pile: str | None, table: str | None, into: str | None) -> PileTaps:
        """The boxes as sent; empty places in the table stay until ``tidy`` drops them."""
        melds = [part.split() for part in MELD_SEPARATORS.split(table or "")]
        if melds == [[]]:
            melds = []
        into = into if into in (PILE, NEW) or whole_number(into) is not None else PILE
        return cls((pile or "").split(), melds, into)

    @property
    def pile_text(self) -> str:
        return " ".join(self.pile)

    @property
    def table_text(self) -> str:
        return " / ".join(" ".join(meld) for meld in self.table)

    @property
    def shown_pile(self) -> list[Card | str]:
        return shown(self.pile)

    @property
    def shown_table(self) -> list[list[Card | str]]:
        return [shown(meld) for meld in self.table]

    def add(self, card: str) -> None:
        if self.into == PILE:
            self.pile.append(card)
        elif (index := whole_number(self.into)) is not None and index < len(self.table):
            self.table[index].append(card)
        else:
            self.table.append([card])
            self.into = str(len(self.table) - 1)  # the next taps go on into the new meld

    def remove(self, where: str) -> None:
        """Take back the card at ``pile:3`` or ``table:1:2``; any other place is passed over."""
        place = _PLACE.fullmatch(where)
        if place is None:
            return
        pile_index, meld, meld_index = place.groups()
        if pile_index is not None:
            cards, index = self.pile, int(pile_index)
        else:
            cards = self.table[int(meld)] if int(meld) < len(self.table) else []
            index = int(meld_index)
        if index < len(cards):
            del cards[index]

    def clear(self) -> None:
        self.pile, self.table, self.into = [], [], PILE

    def tidy(self) -> None:
        """Drop empty melds, keeping ``into`` on the meld it named (``new`` if that one went)."""
        kept = [i for i, meld in enumerate(self.table) if meld]
        index = whole_number(self.into)
        if index is not None:
            self.into = str(kept.index(index)) if index in kept else NEW
        self.table = [self.table[i] for i in kept]


def shown(words: list[str]) -> list[Card | str]:
    """Each word as its card, or as typed when it is no card (a refusal says why)."""
    cards: list[Card | str] = []
    for word in words:
        try:
            cards.append(parse_card(word))
        except RefereeInputError:
            cards.append(word)
    return cards


def apply_pile_tap(form, by_rank: bool = False) -> PileTaps:
    """The pile and table after the tap this request carries (sent without JavaScript)."""
    if form.pile is None:  # melds only: a tap "into the pile" starts a meld
        into = NEW if form.into.data == PILE else form.into.data
        taps = PileTaps.read(None, form.table.data, into)
    else:
        taps = PileTaps.read(form.pile.data, form.table.data, form.into.data)
    if form.clear.data:
        taps.clear()
    if form.add.data and not form.add.errors:
        words = taps.table_text.replace("/", " ").upper().split()  # the suits used so far
        taps.add(tapped_card(form, words, by_rank))
    if form.remove.data:
        taps.remove(form.remove.data)
    taps.tidy()
    if form.pile is None and taps.into == PILE:
        taps.into = NEW
    return taps
