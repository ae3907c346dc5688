"""Melds as they lie on the table: lay-offs onto them, and swapping out a joker.

On the table a run's cards lie in order (low to high or high to low), so each
joker stands for the card at its place; a book's jokers stand for its rank.

>>> from referee.core.cards import parse_cards, parse_card
>>> from referee.core.melds import MeldRules
>>> rules = MeldRules(game="Eversol Rummy", min_run=4, joker_swap=True)
>>> run = TableMeld.lay(parse_cards("10D 9D JK 7D"), rules)
>>> str(run)
'7D JK=8D 9D 10D'
>>> str(run.extend(parse_cards("6D"), rules).meld)
'6D 7D JK=8D 9D 10D'
>>> run.extend(parse_cards("8D"), rules).reason
'A joker already stands for 8♦ in this run; a card can only go on either end.'
>>> swapped = run.swap_joker(parse_card("8D"), rules)
>>> str(swapped.meld), swapped.freed_joker
('7D 8D 9D 10D', True)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from .cards import Card, Rank, Suit, format_cards, natural
from .errors import TableMeldError
from .melds import (ACE_HIGH, MeldKind, MeldRules, check_meld, rank_at, read_book,
                    run_gap_reason)
from .rule_anchors import RuleAnchor
from .words import with_article


@dataclass(frozen=True)
class TableMeld:
    kind: MeldKind
    cards: tuple[Card, ...]
    rank: Rank | None = None
    suit: Suit | None = None
    low: int = 0  # a run's lowest position; an ace above the king is 14

    @property
    def high(self) -> int:
        return self.low + len(self.cards) - 1

    def __str__(self) -> str:
        return format_cards(self.cards)

    @classmethod
    def lay(cls, cards: Sequence[Card], rules: MeldRules,
            kind: MeldKind | None = None) -> TableMeld:
        """The meld these cards make as laid; a run must be in order.

        Cards that read both as a book and (in this order) as a run are taken
        as a book unless ``kind`` says otherwise.
        """
        candidates = cls.candidates(cards, rules)
        if kind is not None:
            candidates = [m for m in candidates if m.kind is kind]
            if not candidates:
                raise TableMeldError(
                    f"{format_cards(cards)} does not lie on the table as a {rules.word(kind)}.")
        return candidates[0]

    @classmethod
    def candidates(cls, cards: Sequence[Card], rules: MeldRules) -> list[TableMeld]:
        """Every kind of meld these cards can be as they lie, books first."""
        verdict = check_meld(cards, rules)
        if not verdict.valid:
            raise TableMeldError(f"{format_cards(cards)} cannot lie on the table: {verdict.reason}")
        found: list[TableMeld] = []
        book = verdict.reading(MeldKind.BOOK)
        if book:
            found.append(cls(MeldKind.BOOK, tuple(cards), rank=book.rank))
        if verdict.reading(MeldKind.RUN):
            run = _lay_run(cards, rules)
            if run:
                found.append(run)
            elif not found:
                raise TableMeldError(
                    f"The {rules.run_word} {format_cards(cards)} is not in order: "
                    "list it low to high or high to low, each joker where it lies.")
        return found

    def extend(self, add: Sequence[Card], rules: MeldRules) -> Extension:
        """Lay off ``add`` onto this meld, all in one go."""
        if not add:
            return Extension(True, self)
        if self.kind is MeldKind.BOOK:
            return self._extend_book(add, rules).breaking(RuleAnchor.BOOKS)
        return self._extend_run(add, rules).breaking(RuleAnchor.RUNS)

    def swap_joker(self, card: Card, rules: MeldRules) -> Extension:
        """Give ``card`` for the joker that stands for it, freeing the joker."""
        return self._swap_joker(card, rules).breaking(RuleAnchor.WILD)

    def _swap_joker(self, card: Card, rules: MeldRules) -> Extension:
        if not rules.joker_swap:
            return Extension(False, self, reason=f"In {rules.game} a joker on the table stays there.")
        if card.is_joker:
            return Extension(False, self, reason="Only a natural card can take a joker's place.")
        if self.kind is MeldKind.BOOK:
            spot = self._book_joker_for(card)
            if spot is None:
                return Extension(False, self, reason=self._no_joker_reason(card, rules))
            cards = list(self.cards)
            cards[spot] = card
            return Extension(True, TableMeld(MeldKind.BOOK, tuple(cards), rank=self.rank), True)
        for i, lying in enumerate(self.cards):
            if lying.is_joker and lying.stands_for == card:
                cards = self.cards[:i] + (card,) + self.cards[i + 1:]
                return Extension(True, TableMeld(MeldKind.RUN, cards, suit=self.suit,
                                                 low=self.low), True)
        return Extension(False, self, reason=self._no_joker_reason(card, rules))

    def _book_joker_for(self, card: Card) -> int | None:
        if card.rank is not self.rank:
            return None
        jokers = [i for i, c in enumerate(self.cards) if c.is_joker]
        exact = [i for i in jokers if self.cards[i].stands_for == card]
        return (exact or jokers or [None])[0]

    def _no_joker_reason(self, card: Card, rules: MeldRules) -> str:
        if not any(c.is_joker for c in self.cards):
            return f"There is no joker in this {rules.word(self.kind)}."
        if self.kind is MeldKind.BOOK:
            stands = with_article(self.rank.spoken)
            return (f"The joker here stands for {stands}, so only {stands} can take its "
                    f"place, not {card.label}.")
        stands = ", ".join(c.stands_for.label for c in self.cards if c.is_joker)
        return f"The joker in this {rules.run_word} stands for {stands}, not {card.label}."

    def _extend_book(self, add: Sequence[Card], rules: MeldRules) -> Extension:
        for card in add:
            identity = card.stands_for if card.is_joker else card
            if identity is not None and identity.rank is not self.rank:
                return Extension(False, self, reason=(
                    f"{identity.label} does not fit a {rules.book_word} of {self.rank.word}."))
        attempt = read_book([*self.cards, *add], rules)
        if attempt.reading is None:
            return Extension(False, self, reason=attempt.reason)
        return Extension(True, TableMeld(MeldKind.BOOK, (*self.cards, *add), rank=self.rank))

    def _extend_run(self, add: Sequence[Card], rules: MeldRules) -> Extension:
        word = rules.run_word
        placed: dict[int, Card] = dict(zip(range(self.low, self.high + 1), self.cards))
        free_jokers = 0
        for card in add:
            if card.is_joker and card.stands_for is None:
                free_jokers += 1
                continue
            identity = card.stands_for if card.is_joker else card
            if identity.suit is not self.suit:
                return Extension(False, self, reason=(
                    f"{identity.label} is not a {self.suit.word[:-1]}, the suit of this {word}."))
            if identity.rank is Rank.ACE and not rules.ace_positions():
                return Extension(False, self, reason=f"{rules.game} is played without aces.")
            position = self._position_for(identity.rank, placed, rules)
            if position in placed:
                holder = placed[position]
                if holder.is_joker and not card.is_joker:
                    reason = (f"A joker already stands for {identity.label} in this {word}; "
                              "a card can only go on either end.")
                else:
                    reason = f"This {word} already has {identity.label}."
                return Extension(False, self, reason=reason)
            placed[position] = card.as_joker_for(identity) if card.is_joker else card
        result = _close_run(placed, free_jokers, self.suit, rules)
        if isinstance(result, str):
            return Extension(False, self, reason=result)
        return Extension(True, result)

    def _position_for(self, rank: Rank, placed: dict[int, Card], rules: MeldRules) -> int:
        """Where a card of ``rank`` would lie; an ace goes to the nearer end."""
        if rank is not Rank.ACE:
            return int(rank)
        for taken in (1, ACE_HIGH):
            if taken in placed:
                return taken
        low, high = min(placed), max(placed)
        return min(rules.ace_positions(), key=lambda p: low - p if p == 1 else p - high)


@dataclass(frozen=True)
class Extension:
    """The answer to a lay-off or joker swap: the meld as it would then lie."""

    valid: bool
    meld: TableMeld
    freed_joker: bool = False
    reason: str | None = None
    rule: RuleAnchor | None = None  # the paragraph a refusal applies

    def breaking(self, rule: RuleAnchor) -> Extension:
        """This answer, naming ``rule`` if it is a refusal."""
        return self if self.valid else replace(self, rule=rule)


def _lay_run(cards: Sequence[Card], rules: MeldRules) -> TableMeld | None:
    """The run these cards make in the order given (ascending tried first)."""
    known = [(i, c.stands_for if c.is_joker else c) for i, c in enumerate(cards)
             if not c.is_joker or c.stands_for]
    first_index, first = known[0]
    suit = first.suit
    starts = rules.ace_positions() if first.rank is Rank.ACE else (int(first.rank),)
    for step in (1, -1):
        for first_position in starts:
            origin = first_position - step * first_index
            positions = [origin + step * i for i in range(len(cards))]
            if not all(_allowed(p, rules) for p in positions):
                continue
            if 1 in positions and ACE_HIGH in positions:
                continue
            if all(rank_at(positions[i]) is c.rank for i, c in known):
                ordered = sorted(zip(positions, cards), key=lambda pc: pc[0])
                lying = tuple(
                    c if not c.is_joker else c.as_joker_for(natural(rank_at(p), suit))
                    for p, c in ordered)
                return TableMeld(MeldKind.RUN, lying, suit=suit, low=ordered[0][0])
    return None


def _close_run(placed: dict[int, Card], free_jokers: int, suit: Suit,
               rules: MeldRules) -> TableMeld | str:
    """Fill gaps with the free jokers, then put any left over above, then below."""
    low, high = min(placed), max(placed)
    if not (_allowed(low, rules) and _allowed(high, rules)) or (low == 1 and high == ACE_HIGH):
        return rules.ace_rule()
    holes = [p for p in range(low, high + 1) if p not in placed]
    if len(holes) > free_jokers:  # the same reason check_meld gives, naming any wrap
        known = [c.stands_for if c.is_joker else c for c in placed.values()]
        return run_gap_reason(known, len(placed) + free_jokers, free_jokers, rules)
    spare = free_jokers - len(holes)
    top = 13 if low == 1 or not rules.ace_high else ACE_HIGH
    above = min(spare, top - high)
    bottom = 2 if high + above == ACE_HIGH or not rules.ace_low else 1
    below = spare - above
    if low - below < bottom:
        return f"There is no room left in this {rules.run_word} for another joker."
    new_low, new_high = low - below, high + above
    lying = tuple(placed.get(p) or Card(stands_for=natural(rank_at(p), suit))
                  for p in range(new_low, new_high + 1))
    return TableMeld(MeldKind.RUN, lying, suit=suit, low=new_low)


def _allowed(position: int, rules: MeldRules) -> bool:
    if position == 1:
        return rules.ace_low
    if position == ACE_HIGH:
        return rules.ace_high
    return 2 <= position <= 13


def lie_table(table: Sequence[Sequence[Card]], rules: MeldRules) -> list[list[TableMeld]]:
    """Every way each meld of ``table`` can lie as listed; one that cannot names ``table[i]``.

    >>> from referee.core.cards import parse_cards
    >>> rules = MeldRules(game="500 Rummy", min_run=3)
    >>> [[m.kind.value for m in ways] for ways in lie_table([parse_cards("AS JK JK")], rules)]
    [['book', 'run']]
    """
    laid = []
    for index, meld in enumerate(table):
        try:
            laid.append(TableMeld.candidates(meld, rules))
        except TableMeldError as error:
            error.field = error.field or f"table[{index}]"
            raise
    return laid


def table_fields(table: Sequence[Sequence[Card]]) -> list[tuple[str, Card]]:
    """Each card of ``table`` with the request field that names it, such as ``table[1][2]``."""
    return [(f"table[{i}][{j}]", card) for i, meld in enumerate(table)
            for j, card in enumerate(meld)]
