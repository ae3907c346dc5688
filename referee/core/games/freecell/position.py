"""A FreeCell position: eight columns, four free cells, four foundations; immutable.

A column is written from the card dealt first (buried) to its top card, the one that can
move. The cells are interchangeable, so a position keeps the cards in them, at most four,
in the order they came. A foundation is its suit's top rank (0: not begun).

>>> from referee.core.cards import parse_cards
>>> start = Position.from_game(1)
>>> [card.label for card in start.tops()]
['6♠', '9♣', '2♥', '6♥', '6♣', '3♦', '8♣', '10♣']
>>> start.free_cells, start.empty_columns, start.cards_home
(4, 0, 0)
>>> Position.from_layout([parse_cards("AS 2S")] + [[]] * 7)
Traceback (most recent call last):
...
referee.core.games.freecell.errors.LayoutError: A FreeCell layout holds 52 cards, each once; this one has 2 (50 missing, such as A♣).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from ...cards import Card, Rank, Suit
from .deal import COLUMNS, MS_DECK, deal
from .errors import LayoutError

CELLS = 4
FOUNDATION_SUITS = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
KING = int(Rank.KING)


@dataclass(frozen=True)
class Position:
    columns: tuple[tuple[Card, ...], ...]
    cells: tuple[Card, ...] = ()
    foundations: tuple[int, int, int, int] = (0, 0, 0, 0)  # FOUNDATION_SUITS' top ranks

    @classmethod
    def from_game(cls, game: int) -> Position:
        """The start of a numbered Microsoft game."""
        return cls(deal(game))

    @classmethod
    def from_layout(cls, columns: Sequence[Iterable[Card]], cells: Iterable[Card] = (),
                    foundations: Mapping[Suit, int] | None = None) -> Position:
        """A position tapped in, checked: eight columns, at most four cells, foundation tops
        from 0 to 13, and with the foundations' cards the 52 cards of one deck, each once."""
        columns = tuple(tuple(column) for column in columns)
        cells = tuple(cells)
        if len(columns) != COLUMNS:
            raise LayoutError(f"FreeCell has {COLUMNS} columns, not {len(columns)}.", "columns")
        if len(cells) > CELLS:
            raise LayoutError(f"FreeCell has {CELLS} cells, not {len(cells)}.", "cells")
        tops = dict.fromkeys(FOUNDATION_SUITS, 0)
        for suit, top in (foundations or {}).items():
            if suit not in tops:
                raise LayoutError(f"{suit!r} is not a suit.", ("foundations",))
            if isinstance(top, bool) or not isinstance(top, int) or not 0 <= top <= KING:
                raise LayoutError(f"A foundation's top rank is 0 to 13, not {top!r}.",
                                  ("foundations", suit.value))
            tops[suit] = top
        for place, card in _placed(columns, cells):
            if not isinstance(card, Card) or card.is_joker:
                raise LayoutError(f"FreeCell is played without jokers: {card}.", place)
        home = [Card(Rank(rank), suit) for suit, top in tops.items() for rank in range(1, top + 1)]
        counts = Counter([card for _, card in _placed(columns, cells)] + home)
        twice = [card for card, count in counts.items() if count > 1]
        if twice:
            where = "on its foundation and " if twice[0] in home else ""
            raise LayoutError(f"{twice[0].label} is laid out twice ({where}{counts[twice[0]]} in"
                              " all): a FreeCell layout holds each card once.")
        total = sum(counts.values())
        if total != len(MS_DECK):
            missing = [card for card in MS_DECK if card not in counts]
            raise LayoutError(f"A FreeCell layout holds 52 cards, each once; this one has {total}"
                              f" ({len(missing)} missing, such as {missing[0].label}).")
        return cls(columns, cells, tuple(tops[suit] for suit in FOUNDATION_SUITS))

    def foundation(self, suit: Suit) -> int:
        """The top rank on ``suit``'s foundation (0: not begun)."""
        return self.foundations[FOUNDATION_SUITS.index(suit)]

    def foundation_tops(self) -> dict[Suit, int]:
        return dict(zip(FOUNDATION_SUITS, self.foundations))

    def tops(self) -> tuple[Card | None, ...]:
        """Each column's top card (``None`` for an empty column)."""
        return tuple(column[-1] if column else None for column in self.columns)

    @property
    def free_cells(self) -> int:
        return CELLS - len(self.cells)

    @property
    def empty_columns(self) -> int:
        return sum(1 for column in self.columns if not column)

    @property
    def cards_home(self) -> int:
        return sum(self.foundations)

    @property
    def is_won(self) -> bool:
        return self.cards_home == len(MS_DECK)

    def text(self) -> str:
        """The position as lines: foundations, cells, then the columns (buried card first)."""
        lines = ["foundations: " + " ".join(f"{suit.value}-{top}" for suit, top
                                            in zip(FOUNDATION_SUITS, self.foundations)),
                 "cells: " + " ".join(str(card) for card in self.cells)]
        lines += [f"column {n}: " + " ".join(str(card) for card in column)
                  for n, column in enumerate(self.columns, 1)]
        return "\n".join(lines)


def _placed(columns, cells):
    for n, column in enumerate(columns):
        for k, card in enumerate(column):
            yield ("columns", n, k), card
    for n, card in enumerate(cells):
        yield ("cells", n), card
