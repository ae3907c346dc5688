"""Is a handful of cards a legal meld, read as a book, a run, or both?

``check_meld`` takes the cards in any order and answers every legal reading,
with what each joker stands for, or one sentence saying why there is none.

>>> from referee.core.cards import parse_cards
>>> eversol = MeldRules(game="Eversol Rummy", min_run=4)
>>> verdict = check_meld(parse_cards("9D JK 7D 10D"), eversol)
>>> verdict.kinds, [str(c) for c in verdict.readings[0].cards]
(('run',), ['7D', 'JK=8D', '9D', '10D'])
>>> check_meld(parse_cards("7D 8D 9D"), eversol).reason
'A run needs at least 4 cards in Eversol Rummy.'
>>> check_meld(parse_cards("AS JK JK JK"), eversol).kinds
('book', 'run')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import Enum

from .cards import Card, Rank, Suit, natural
from .rule_anchors import RuleAnchor

ACE_HIGH = 14  # the position of an ace played above the king


class MeldKind(Enum):
    BOOK = "book"
    RUN = "run"


@dataclass(frozen=True)
class MeldRules:
    """What one game (with its house options) accepts as a meld."""

    game: str
    book_word: str = "book"
    run_word: str = "run"
    min_book: int = 3
    max_book: int | None = None
    book_suits_distinct: bool = False
    min_run: int = 3
    ace_low: bool = True
    ace_high: bool = True
    joker_swap: bool = False

    def word(self, kind: MeldKind) -> str:
        return self.book_word if kind is MeldKind.BOOK else self.run_word

    def ace_rule(self) -> str:
        """Where an ace lies in a run, in the one sentence every verdict about it and the
        rules reference give ("" in a game whose runs take no ace either way).

        >>> MeldRules("Basic Rummy", run_word="sequence", ace_high=False).ace_rule()[:50]
        'In Basic Rummy the ace is low only: A-2-3 is a seq'
        >>> MeldRules("Eversol").ace_rule()[:50]
        'The ace is low (A-2-3) or high (Q-K-A) in a run, n'
        """
        run, corner = self.run_word, "cannot turn the corner from king to two."
        if self.ace_low and self.ace_high:
            return (f"The ace is low (A-2-3) or high (Q-K-A) in a {run}, never both, "
                    f"so a {run} {corner}")
        if self.ace_low or self.ace_high:
            only, good, bad = (("low", "A-2-3", "Q-K-A") if self.ace_low
                               else ("high", "Q-K-A", "A-2-3"))
            return (f"In {self.game} the ace is {only} only: {good} is a {run}, {bad} is not, "
                    f"and a {run} {corner}")
        return ""

    def ace_positions(self) -> tuple[int, ...]:
        return tuple(p for p, ok in ((1, self.ace_low), (ACE_HIGH, self.ace_high)) if ok)

    def frame(self, ace_at: int | None) -> tuple[int, int]:
        """Lowest and highest position a run may reach, given where its ace is."""
        if ace_at == 1:
            return 1, 13
        if ace_at == ACE_HIGH:
            return 2, ACE_HIGH
        return (1 if self.ace_low else 2), (ACE_HIGH if self.ace_high else 13)


@dataclass(frozen=True)
class Reading:
    """One legal way to read the cards.

    For a run, ``cards`` go low to high and every joker carries the card it
    stands for; ``other_placements`` lists the other ways the same cards could
    lie when a joker fills no gap and so may go at either end.
    For a book, a joker stands for any card of ``rank``.
    """

    kind: MeldKind
    cards: tuple[Card, ...]
    rank: Rank | None = None
    suit: Suit | None = None
    other_placements: tuple[tuple[Card, ...], ...] = ()

    @property
    def joker_identities(self) -> tuple[str, ...]:
        """What each joker stands for, in words for the screen."""
        jokers = [c for c in self.cards if c.is_joker]
        if self.kind is MeldKind.BOOK:
            anything = f"any {self.rank.label}" if self.rank is not None else "any card"
            return tuple(c.stands_for.label if c.stands_for else anything for c in jokers)
        return tuple(c.stands_for.label for c in jokers)

    @property
    def joker_words(self) -> str:
        """What the jokers stand for, as a sentence without its full stop: several jokers
        standing for the same "any 5" say it once.

        >>> from .cards import parse_cards
        >>> Reading(MeldKind.BOOK, tuple(parse_cards("5H JK JK")), Rank(5)).joker_words
        'Each joker stands for any 5'
        """
        identities = self.joker_identities
        if len(identities) == 1:
            return f"Joker stands for {identities[0]}"
        if len(set(identities)) == 1:
            return f"Each joker stands for {identities[0]}"
        return f"Jokers stand for {', '.join(identities)}"


@dataclass(frozen=True)
class Verdict:
    readings: tuple[Reading, ...] = ()
    reason: str | None = None
    rule: RuleAnchor | None = None  # the paragraph of the rules the verdict applies

    @property
    def valid(self) -> bool:
        return bool(self.readings)

    @property
    def kinds(self) -> tuple[str, ...]:
        return tuple(r.kind.value for r in self.readings)

    def reading(self, kind: MeldKind) -> Reading | None:
        return next((r for r in self.readings if r.kind is kind), None)


@dataclass
class _Attempt:
    reading: Reading | None = None
    reason: str | None = None
    plausible: bool = field(default=False)  # did the cards look like this kind at all?


def check_meld(cards: Sequence[Card], rules: MeldRules) -> Verdict:
    """Every legal reading of ``cards`` under ``rules``, or the reason there is none."""
    naturals = [c for c in cards if not c.is_joker]
    if not naturals:
        if not cards:
            return Verdict(reason="No cards yet: a meld needs at least "
                           f"{min(rules.min_book, rules.min_run)} cards.", rule=RuleAnchor.MELDS)
        return Verdict(reason="A meld needs at least one card that is not a joker.",
                       rule=RuleAnchor.WILD)
    book = read_book(cards, rules)
    run = read_run(cards, rules)
    readings = tuple(a.reading for a in (book, run) if a.reading)
    if readings:
        kinds = {reading.kind for reading in readings}
        rule = (RuleAnchor.MELDS if len(kinds) > 1
                else RuleAnchor.BOOKS if MeldKind.BOOK in kinds else RuleAnchor.RUNS)
        return Verdict(readings=readings, rule=rule)
    if book.plausible:
        return Verdict(reason=book.reason, rule=RuleAnchor.BOOKS)
    if run.plausible:
        return Verdict(reason=run.reason, rule=RuleAnchor.RUNS)
    return Verdict(reason=(
        f"A {rules.book_word} is all one rank and a {rules.run_word} is all one suit; "
        "these cards are neither."), rule=RuleAnchor.MELDS)


def _identity(card: Card) -> Card:
    """The card a natural is, or a joker says it stands for."""
    return card.stands_for if card.is_joker else card


def read_book(cards: Sequence[Card], rules: MeldRules) -> _Attempt:
    known = [_identity(c) for c in cards if not c.is_joker or c.stands_for]
    ranks = {c.rank for c in known}
    word = rules.book_word
    if len(ranks) != 1:
        return _Attempt(reason=f"A {word} must be all one rank.")
    rank = ranks.pop()
    attempt = _Attempt(plausible=True)
    suits = [c.suit for c in known]
    if len(cards) < rules.min_book:
        attempt.reason = f"A {word} needs at least {rules.min_book} cards in {rules.game}."
    elif rules.max_book is not None and len(cards) > rules.max_book:
        attempt.reason = f"A {word} holds at most {rules.max_book} cards in {rules.game}."
    elif rules.book_suits_distinct and len(set(suits)) != len(suits):
        attempt.reason = f"In {rules.game} the cards of a {word} must all be different suits."
    else:
        ordered = sorted(cards, key=lambda c: (c.is_joker, list(Suit).index(_identity(c).suit)
                                               if _identity(c) else 0))
        attempt.reading = Reading(MeldKind.BOOK, tuple(ordered), rank=rank)
    return attempt


def read_run(cards: Sequence[Card], rules: MeldRules) -> _Attempt:
    known = [_identity(c) for c in cards if not c.is_joker or c.stands_for]
    free_jokers = sum(1 for c in cards if c.is_joker and not c.stands_for)
    word = rules.run_word
    natural_suits = {c.suit for c in cards if not c.is_joker}
    if len(natural_suits) > 1:
        return _Attempt(reason=f"A {word} must be all one suit.")
    if len({c.suit for c in known}) != 1:
        return _Attempt(plausible=True, reason=(
            f"A joker in a {word} must stand for a card of the {word}'s suit."))
    attempt = _Attempt(plausible=True)
    suit = known[0].suit
    seen: set[Rank] = set()
    for card in known:
        if card.rank in seen:
            attempt.reason = f"A {word} cannot hold the same card twice ({card.label})."
            return attempt
        seen.add(card.rank)
    if len(cards) < rules.min_run:
        attempt.reason = f"A {word} needs at least {rules.min_run} cards in {rules.game}."
        return attempt
    if len(cards) > 13:
        attempt.reason = f"A {word} holds at most 13 cards, from ace to king."
        return attempt
    placements = _run_placements(cards, rules)
    if placements:
        first, *others = placements
        attempt.reading = Reading(MeldKind.RUN, first, suit=suit, other_placements=tuple(others))
    else:
        attempt.reason = run_gap_reason(known, len(cards), free_jokers, rules)
    return attempt


def _run_placements(cards: Sequence[Card], rules: MeldRules) -> list[tuple[Card, ...]]:
    """Every way the cards can lie as a run, jokers-above first."""
    known = [c for c in cards if not c.is_joker or c.stands_for]
    suit = _identity(known[0]).suit
    has_ace = any(_identity(c).rank is Rank.ACE for c in known)
    length = len(cards)
    found: list[tuple[Card, ...]] = []
    for ace_at in (rules.ace_positions() if has_ace else (None,)):
        by_position = {_position(_identity(c).rank, ace_at): c for c in known}
        low, high = min(by_position), max(by_position)
        frame_low, frame_high = rules.frame(ace_at)
        if low < frame_low or high > frame_high:
            continue
        first_start = max(frame_low, high - length + 1)
        last_start = min(low, frame_high - length + 1)
        for start in range(last_start, first_start - 1, -1):
            found.append(tuple(
                by_position.get(p) or Card(stands_for=natural(rank_at(p), suit))
                for p in range(start, start + length)))
    return found


def _position(rank: Rank, ace_at: int | None) -> int:
    return ace_at if rank is Rank.ACE else int(rank)


def rank_at(position: int) -> Rank:
    """The rank at a run position; 14 is the ace above the king."""
    return Rank.ACE if position == ACE_HIGH else Rank(position)


def run_gap_reason(known: list[Card], length: int, free_jokers: int, rules: MeldRules) -> str:
    """Why these cards (one suit, no rank twice) leave holes no joker can fill."""
    word = rules.run_word
    values = sorted({int(c.rank) for c in known})
    if not rules.ace_high and Rank.ACE in {c.rank for c in known}:
        high = sorted(ACE_HIGH if v == 1 else v for v in values)
        if high[-1] - high[0] + 1 <= length:
            return rules.ace_rule()
    if _wraps_round_the_ace(values, length):
        return rules.ace_rule()
    if 1 in values and rules.ace_high:  # name the gap the ace leaves where it lies best
        above = sorted(ACE_HIGH if v == 1 else v for v in values)
        if not rules.ace_low or above[-1] - above[0] < values[-1] - values[0]:
            values = above
    low, high = values[0], values[-1]
    suit = known[0].suit
    missing = [natural(rank_at(v), suit) for v in range(low, high + 1) if v not in values]
    if len(missing) <= 3:
        names = " and ".join(c.label for c in missing) if len(missing) < 3 else (
            f"{missing[0].label}, {missing[1].label} and {missing[2].label}")
        gap = f"it is missing {names}"
    else:
        gap = (f"it is missing {len(missing)} cards between "
               f"{natural(rank_at(low), suit).label} and {natural(rank_at(high), suit).label}")
    if free_jokers:
        joker_words = "joker" if free_jokers == 1 else "jokers"
        return (f"A {word} must follow on without gaps: {gap}, "
                f"more than its {free_jokers} {joker_words} can fill.")
    return f"A {word} must follow on without gaps: {gap}."


def _wraps_round_the_ace(values: list[int], length: int) -> bool:
    """Would these ranks fit in ``length`` cards if K-A-2 were allowed?"""
    if len(values) < 2:
        return False
    steps = [b - a for a, b in zip(values, values[1:])] + [values[0] + 13 - values[-1]]
    widest = max(steps)
    linear_span = values[-1] - values[0] + 1
    arc = 13 - widest + 1
    return arc <= length < linear_span and widest != steps[-1]
