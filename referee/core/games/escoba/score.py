"""An Escoba hand's score: a point each for the most cards, the most diamonds, the 7♦ and
la setenta, and one for each escoba. A tie for the most scores nobody.

Each side comes as the cards it captured, or as the counts a score sheet keeps.

>>> from referee.core.cards import parse_cards
>>> points = score_hand({"Ann": SideCards(parse_cards("7D 7S 6H AC 2D KS"), escobas=1),
...                      "Bob": SideCards(parse_cards("6D 5D 6S 5H QC"), escobas=0)})
>>> points["Ann"]
HandPoints(cards=1, diamonds=0, seven_of_diamonds=1, setenta=1, escobas=1)
>>> points["Ann"].total, points["Bob"].total  # two diamonds each: nobody takes that point
(4, 0)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ...cards import Card, Suit, natural
from ...errors import Location, PlayerCountError, WrongTypeError
from .cards import COINS, DECK, SEVEN_OF_COINS, check_cards, setenta_strength
from .errors import EscobaCountsError

SIDES = (2, 4)  # two or three players alone, four alone or as two partnerships


@dataclass(frozen=True)
class SideCards:
    """What a side captured in the hand, and its escobas."""

    cards: tuple[Card, ...]
    escobas: int = 0


@dataclass(frozen=True)
class SideCounts:
    """A side's hand as a score sheet counts it; ``best`` is its best card in each suit
    (la setenta's four), or None when it lacks a suit."""

    count: int
    diamonds: int
    seven_of_diamonds: bool
    best: tuple[Card, ...] | None
    escobas: int = 0


@dataclass(frozen=True)
class HandPoints:
    cards: int = 0
    diamonds: int = 0
    seven_of_diamonds: int = 0
    setenta: int = 0
    escobas: int = 0

    @property
    def total(self) -> int:
        return self.cards + self.diamonds + self.seven_of_diamonds + self.setenta + self.escobas


def counts_of(side: SideCards) -> SideCounts:
    """The counts a side's captured cards make."""
    best = {}
    for card in side.cards:
        if card.suit not in best or setenta_strength(card) > setenta_strength(best[card.suit]):
            best[card.suit] = card
    return SideCounts(count=len(side.cards),
                      diamonds=sum(card.suit is COINS for card in side.cards),
                      seven_of_diamonds=SEVEN_OF_COINS in side.cards,
                      best=tuple(best[suit] for suit in Suit) if len(best) == 4 else None,
                      escobas=side.escobas)


def setenta_key(best: Sequence[Card]) -> tuple[int, ...]:
    """What la setenta compares: the four best cards, best first, card by card."""
    return tuple(sorted(map(setenta_strength, best), reverse=True))


def _only_most(values: Mapping[str, object]) -> str | None:
    """The one side with more than every other, or None when the most is shared (or nobody
    has anything to compare)."""
    if not values:
        return None
    top = max(values.values())
    leaders = [side for side, value in values.items() if value == top]
    return leaders[0] if len(leaders) == 1 else None


def _whole(value: object, location: Location, what: str, most: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= most:
        raise EscobaCountsError(f"{what} is a whole number from 0 to {most}.", location)
    return value


def check_counts(name: str, side: SideCounts) -> list[tuple[Location, Card]]:
    """Raise when one side's counts could not come from captured cards; the cards they name."""
    at = ("sides", name)
    count = _whole(side.count, (*at, "count"), "A side's count of cards", DECK.size())
    diamonds = _whole(side.diamonds, (*at, "diamonds"), "A side's diamonds", DECK.size() // 4)
    if diamonds > count or count - diamonds > DECK.size() * 3 // 4:
        raise EscobaCountsError(f"{count} cards cannot hold {diamonds} diamonds.",
                                (*at, "diamonds"))
    _whole(side.escobas, (*at, "escobas"), "A side's escobas", count // 2)  # 2 cards an escoba
    if not isinstance(side.seven_of_diamonds, bool):
        raise WrongTypeError("seven_of_diamonds is true or false.", (*at, "seven_of_diamonds"))
    if side.seven_of_diamonds and not diamonds:
        raise EscobaCountsError("The 7♦ is a diamond: the side has none.", (*at, "diamonds"))
    named = [((*at, "seven_of_diamonds"), SEVEN_OF_COINS)] if side.seven_of_diamonds else []
    if side.best is None:
        if diamonds and count - diamonds > DECK.size() // 2:  # then every suit is there
            raise EscobaCountsError("These cards hold every suit: give the best of each.",
                                    (*at, "best"))
        return named
    best = check_cards(side.best, (*at, "best"))
    if len(best) != 4 or {card.suit for card in best} != set(Suit):
        raise EscobaCountsError("best is one card of each suit: the side's best in each.",
                                (*at, "best"))
    if count < 4 or not diamonds:
        raise EscobaCountsError("A card of every suit needs 4 cards and a diamond.",
                                (*at, "count"))
    best_diamond = next(card for card in best if card.suit is COINS)
    if (best_diamond == SEVEN_OF_COINS) != side.seven_of_diamonds:
        raise EscobaCountsError("Holding the 7♦ makes it the best diamond, and only then.",
                                (*at, "best"))
    _check_under_best(count, diamonds, best, at)
    return [named_card for named_card in named if named_card[1] not in best] + [
        ((*at, "best", i), card) for i, card in enumerate(best)]


def _at_or_under(card: Card) -> int:
    """How many cards of its suit rank no higher than ``card`` in la setenta: the most a
    side can hold of the suit whose best card it is (a court card: the three court cards)."""
    return sum(setenta_strength(natural(rank, card.suit)) <= setenta_strength(card)
               for rank in DECK.ranks)


def _check_under_best(count: int, diamonds: int, best: Sequence[Card], at: Location) -> None:
    """Every card a side took ranks at or under its best of the suit: so many at the most.

    >>> from referee.core.cards import parse_cards
    >>> _check_under_best(9, 5, parse_cards("7S 7H 7C KD"), ("sides", "Ann"))
    Traceback (most recent call last):
    ...
    referee.core.games.escoba.errors.EscobaCountsError: With K♦ the best diamond, the \
diamonds taken rank no higher in la setenta: 3 at the most, not 5.
    """
    most = {card.suit: _at_or_under(card) for card in best}
    best_diamond = next(card for card in best if card.suit is COINS)
    if diamonds > most[COINS]:
        raise EscobaCountsError(f"With {best_diamond.label} the best diamond, the diamonds "
                                f"taken rank no higher in la setenta: {most[COINS]} at the "
                                f"most, not {diamonds}.", (*at, "diamonds"))
    others = sum(most[suit] for suit in Suit if suit is not COINS)
    if count - diamonds > others:
        raise EscobaCountsError(f"With these best cards the other suits hold {others} cards "
                                f"at the most: {count} cards cannot hold only {diamonds} "
                                "diamonds.", (*at, "count"))


def score_hand(sides: Mapping[str, SideCards | SideCounts]) -> dict[str, HandPoints]:
    """Each side's points for the hand, in the order the sides were given.

    The cards of all sides together must fit in one 40-card deck (for counts, the cards
    they name: the 7♦ and each best card; the counts must also add up within the deck).
    """
    if not isinstance(sides, Mapping) or not SIDES[0] <= len(sides) <= SIDES[1]:
        raise PlayerCountError(f"Escoba is scored for {SIDES[0]} to {SIDES[1]} sides.",
                               ("sides",))
    counts: dict[str, SideCounts] = {}
    named: list[tuple[Location, Card]] = []
    for name, side in sides.items():
        if isinstance(side, SideCards):
            cards = check_cards(side.cards, ("sides", name, "cards"))
            named += [(("sides", name, "cards", i), card) for i, card in enumerate(cards)]
            counts[name] = counts_of(SideCards(cards, side.escobas))
            _whole(side.escobas, ("sides", name, "escobas"), "A side's escobas",
                   len(cards) // 2)
        elif isinstance(side, SideCounts):
            named += check_counts(name, side)
            counts[name] = side
        else:
            raise WrongTypeError("Each side gives its cards or its counts.", ("sides", name))
    DECK.check_named_supply(named, decks=1)
    for what, words, most in (("count", "cards", DECK.size()),
                              ("diamonds", "diamonds", DECK.size() // 4)):
        if sum(getattr(c, what) for c in counts.values()) > most:
            raise EscobaCountsError(f"The sides' {words} add up to more than the deck's {most}.",
                                    ("sides", name, what))  # beside the last side's
    most_cards = _only_most({name: c.count for name, c in counts.items()})
    most_diamonds = _only_most({name: c.diamonds for name, c in counts.items()})
    setenta = _only_most({name: setenta_key(c.best) for name, c in counts.items() if c.best})
    return {name: HandPoints(cards=int(name == most_cards), diamonds=int(name == most_diamonds),
                             seven_of_diamonds=int(c.seven_of_diamonds),
                             setenta=int(name == setenta), escobas=c.escobas)
            for name, c in counts.items()}


def game_winner(totals: Mapping[str, int], target: int = 21) -> str | None:
    """Who has won once a hand is scored: the one highest total, when some side has reached
    ``target``; None while nobody has, or while the top is shared (play goes on).

    >>> game_winner({"Ann": 22, "Bob": 21}), game_winner({"Ann": 22, "Bob": 22})
    ('Ann', None)
    """
    if not totals or max(totals.values()) < target:
        return None
    return _only_most(totals)
