"""Piquet's declarations: carte blanche, point, sequence and sets, and the repique.

Each of point, sequence and sets is won by one player (the better holding) or by nobody
(equal holdings); only its winner scores it. They are counted in the order carte blanche,
point, sequence, sets, which is what decides a repique.

>>> from referee.core.cards import parse_cards
>>> elder = parse_cards("AH KH QH JH 10H 7H  AS AC AD  8S 8C 7D")
>>> younger = parse_cards("9H 8H  KS QS JS 10S 9S 7S  KC QC  KD QD")
>>> found = declare(elder, younger)
>>> found.point.winner, found.point.points, found.point.declared  # equal length: 58 beats 56
(<Side.ELDER: 'elder'>, 6, ('point of 6, worth 58',))
>>> found.sequence.declared  # the quint to the ace beats the quint to the king
('quint to the ace',)
>>> found.sets.declared, found.repique, found.totals
(('four aces',), <Side.ELDER: 'elder'>, SideScores(elder=95, younger=0))
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from ...cards import Card, Rank, Suit
from ...tricks import ace_high
from .cards import FACE_RANKS, Side, check_hands, point_value
from .errors import CarteBlancheError

CARTE_BLANCHE = 10
EXCHANGED = 5  # the most cards either player exchanges
REPIQUE, REPIQUE_AT = 60, 30
SET_RANKS = (Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE)  # sets are of 10s or better
SET_POINTS = {3: 3, 4: 14}  # three of a kind (trio), four (quatorze): the rulings' values
_SEQUENCE_NAMES = {3: "tierce", 4: "quart", 5: "quint", 6: "sixième", 7: "septième",
                   8: "huitième"}
_SEQUENCE_POINTS = {3: 3, 4: 4, 5: 15, 6: 16, 7: 17, 8: 18}
_RANK_NAMES = {Rank.ACE: "ace", Rank.KING: "king", Rank.QUEEN: "queen", Rank.JACK: "jack",
               Rank.TEN: "ten", Rank.NINE: "nine", Rank.EIGHT: "eight", Rank.SEVEN: "seven"}
_COUNT_WORDS = {3: "three", 4: "four"}


@dataclass(frozen=True)
class SideScores:
    """One number for each side, as the API writes it: ``{"elder": …, "younger": …}``."""

    elder: int = 0
    younger: int = 0

    def __getitem__(self, side: Side) -> int:
        return self.elder if side is Side.ELDER else self.younger


@dataclass(frozen=True)
class Point:
    """A hand's point: its longest suit (the most valuable one among equally long)."""

    suit: Suit | None  # None: declared without its suit
    length: int
    value: int | None  # None: declared without its worth, which only equal lengths need

    def words(self, with_value: bool = False) -> str:
        return f"point of {self.length}" + (f", worth {self.value}" if with_value else "")


@dataclass(frozen=True)
class CardSequence:
    """Three or more cards of one suit in a row (7 8 9 10 J Q K A), as long as it goes."""

    suit: Suit | None  # None: declared without its suit
    top: Rank
    length: int

    @property
    def points(self) -> int:
        return _SEQUENCE_POINTS[self.length]

    @property
    def strength(self) -> tuple[int, int]:
        return (self.length, ace_high(self.top))  # longer first, then the higher top card

    def words(self) -> str:
        return f"{_SEQUENCE_NAMES[self.length]} to the {_RANK_NAMES[self.top]}"


@dataclass(frozen=True)
class CardSet:
    """Three or four cards of one rank, tens or better."""

    rank: Rank
    size: int

    @property
    def points(self) -> int:
        return SET_POINTS[self.size]

    @property
    def strength(self) -> tuple[int, int]:
        return (self.size, ace_high(self.rank))  # a four beats any three, then the rank

    def words(self) -> str:
        return f"{_COUNT_WORDS[self.size]} {self.rank.word}"


@dataclass(frozen=True)
class Declaration:
    """Who wins one declaration and what it scores: every sequence or set the winner holds.

    ``winner`` is None when nobody holds one, or when both hold equal ones (``tied``).
    """

    winner: Side | None
    points: int
    declared: tuple[str, ...]
    tied: bool = False


@dataclass(frozen=True)
class Declarations:
    """All of a deal's declarations; ``totals`` adds carte blanche and any repique."""

    point: Declaration
    sequence: Declaration
    sets: Declaration
    carte_blanche: SideScores
    repique: Side | None
    totals: SideScores


def best_point(hand: Iterable[Card]) -> Point:
    by_suit: dict[Suit, list[Card]] = {}
    for card in hand:
        by_suit.setdefault(card.suit, []).append(card)
    return max((Point(suit, len(cards), sum(map(point_value, cards)))
                for suit, cards in by_suit.items()),
               key=lambda p: (p.length, p.value))


def sequences(hand: Sequence[Card]) -> tuple[CardSequence, ...]:
    """Every sequence in the hand, best first. A run of five is one quint, not a tierce too."""
    found = []
    for suit in Suit:
        heights = sorted(ace_high(c.rank) for c in hand if c.suit is suit)
        run: list[int] = []
        for height in heights + [99]:  # 99 ends the last run
            if run and height != run[-1] + 1:
                if len(run) >= 3:
                    top = Rank.ACE if run[-1] == 14 else Rank(run[-1])
                    found.append(CardSequence(suit, top, len(run)))
                run = []
            run.append(height)
    return tuple(sorted(found, key=lambda s: s.strength, reverse=True))


def card_sets(hand: Iterable[Card]) -> tuple[CardSet, ...]:
    """Every set of tens or better in the hand, best first."""
    counts = Counter(card.rank for card in hand)
    found = [CardSet(rank, counts[rank]) for rank in SET_RANKS if counts[rank] >= 3]
    return tuple(sorted(found, key=lambda s: s.strength, reverse=True))


def _compare(elder: Sequence, younger: Sequence) -> Declaration:
    """The better best holding wins and scores all its holdings (sequences, sets)."""
    best = {Side.ELDER: elder[0].strength if elder else None,
            Side.YOUNGER: younger[0].strength if younger else None}
    if best[Side.ELDER] is None and best[Side.YOUNGER] is None:
        return Declaration(None, 0, ())
    if best[Side.ELDER] == best[Side.YOUNGER]:
        return Declaration(None, 0, (), tied=True)
    winner = max(Side, key=lambda side: best[side] or (0, 0))
    held = elder if winner is Side.ELDER else younger
    return Declaration(winner, sum(h.points for h in held), tuple(h.words() for h in held))


def compare_points(elder: Point | None, younger: Point | None) -> Declaration:
    """The better point scores its length; a point not declared loses to any declared."""
    if elder is None or younger is None:
        point = elder or younger
        if point is None:
            return Declaration(None, 0, ())
        return Declaration(Side.ELDER if elder else Side.YOUNGER, point.length, (point.words(),))
    if (elder.length, elder.value) == (younger.length, younger.value):
        return Declaration(None, 0, (), tied=True)
    winner = Side.ELDER if (elder.length, elder.value) > (younger.length, younger.value) \
        else Side.YOUNGER
    point = elder if winner is Side.ELDER else younger
    # The value is said only when the lengths were equal and it decided.
    return Declaration(winner, point.length,
                       (point.words(with_value=elder.length == younger.length),))


def read_carte_blanche(sides: Any) -> frozenset[Side]:
    if sides is None:
        return frozenset()
    if isinstance(sides, (str, bytes)) or not isinstance(sides, Iterable):
        raise CarteBlancheError('carte_blanche lists sides, such as ["younger"].',
                                ("carte_blanche",))
    claimed = frozenset(Side.read(side, ("carte_blanche", i)) for i, side in enumerate(sides))
    if len(claimed) == 2:
        raise CarteBlancheError("Only one player can hold carte blanche: the deck has 20 cards "
                                "below the jack and the ace, 24 would be needed.",
                                ("carte_blanche",))
    return claimed


@dataclass(frozen=True)
class Holdings:
    """What one player holds to declare: the point (None: not declared), every sequence and
    every set, best first. From a hand (``holdings``), or as the player declared them."""

    point: Point | None
    sequences: tuple[CardSequence, ...] = ()
    sets: tuple[CardSet, ...] = ()


def holdings(hand: Sequence[Card]) -> Holdings:
    return Holdings(best_point(hand), sequences(hand), card_sets(hand))


def declare(elder: Any, younger: Any, carte_blanche: Any = None) -> Declarations:
    """The declarations of two hands after the exchange, each declared in full.

    ``carte_blanche`` names the side that showed one before the exchange (the hands given
    are after it, so the referee cannot see it there).
    """
    hands = check_hands(elder, younger)
    blanche = read_carte_blanche(carte_blanche)
    for side in blanche:
        check_blanche_kept(hands[0] if side is Side.ELDER else hands[1], side)
    return compare_holdings(holdings(hands[0]), holdings(hands[1]), blanche)


def check_blanche_kept(hand: Sequence[Card], side: Side) -> None:
    """A hand that showed carte blanche, after the exchange: at most ``EXCHANGED`` cards came
    in, so at most so many kings, queens and jacks.

    >>> from referee.core.cards import parse_cards
    >>> check_blanche_kept(parse_cards("AH KH QH JH AS KS QS JS AC KC QC JC"), Side.ELDER)
    Traceback (most recent call last):
    ...
    referee.core.games.piquet.errors.CarteBlancheError: The elder's hand holds 9 kings, \
queens and jacks; after carte blanche at most 5 came in the exchange.
    """
    courts = sum(card.rank in FACE_RANKS for card in hand)
    if courts > EXCHANGED:
        raise CarteBlancheError(f"The {side.value}'s hand holds {courts} kings, queens and "
                                f"jacks; after carte blanche at most {EXCHANGED} came in the "
                                "exchange.", ("carte_blanche",))


def compare_holdings(elder: Holdings, younger: Holdings,
                     blanche: frozenset[Side] = frozenset()) -> Declarations:
    """Who scores each declaration, counted in order, and the repique: the one reckoning for
    hands seen and for holdings declared."""
    point = compare_points(elder.point, younger.point)
    sequence = _compare(elder.sequences, younger.sequences)
    sets = _compare(elder.sets, younger.sets)
    blanche_scores = {side: CARTE_BLANCHE if side in blanche else 0 for side in Side}
    # Count in order; a side that reaches 30 while the other still has nothing repiques.
    running = dict.fromkeys(Side, 0)
    repique = None
    steps = [blanche_scores] + [{side: d.points if d.winner is side else 0 for side in Side}
                                for d in (point, sequence, sets)]
    for step in steps:
        for side in Side:
            running[side] += step[side]
        for side in Side:
            if repique is None and running[side] >= REPIQUE_AT and running[side.other] == 0:
                repique = side
    if repique is not None:
        running[repique] += REPIQUE
    return Declarations(point, sequence, sets,
                        SideScores(blanche_scores[Side.ELDER], blanche_scores[Side.YOUNGER]),
                        repique, SideScores(running[Side.ELDER], running[Side.YOUNGER]))
