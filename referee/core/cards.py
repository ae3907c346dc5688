"""Cards, their notation, and the supply of copies the decks in play hold.

Notation is rank then suit, any case: ``7D``, ``10h``, ``Th``, ``Q♠``. A joker
is ``JK`` (or ``*`` or ``Joker``) and may carry the card it stands for:
``JK=9D``.

>>> parse_card("th")
Card(rank=<Rank.TEN: 10>, suit=<Suit.HEARTS: 'H'>, stands_for=None)
>>> str(parse_card("th")), parse_card("q♠").label
('10H', 'Q♠')
>>> str(parse_card("joker=9d"))
'JK=9D'
>>> [str(c) for c in parse_cards("7d, 8d 9D *")]
['7D', '8D', '9D', 'JK']
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum, IntEnum

from .errors import CardNotInGameError, CardSyntaxError, TooManyCopiesError, WrongTypeError


class Suit(Enum):
    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"

    # Members are singletons compared by identity, so identity hashing agrees with
    # equality; Enum's own __hash__ is Python code, and the solvers hash suits a lot.
    __hash__ = object.__hash__

    @property
    def symbol(self) -> str:
        return _SUIT_SYMBOLS[self]

    @property
    def is_red(self) -> bool:
        return self in (Suit.HEARTS, Suit.DIAMONDS)

    @property
    def word(self) -> str:
        return self.name.lower()


_SUIT_SYMBOLS = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}


class Rank(IntEnum):
    ACE = 1
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13

    @property
    def label(self) -> str:
        return _RANK_LABELS.get(self, str(int(self)))

    @property
    def word(self) -> str:
        """The rank as said aloud, plural: ``"nines"``, ``"sixes"``."""
        return _RANK_PLURALS[self]

    @property
    def spoken(self) -> str:
        """One card of the rank as said aloud: ``"ace"``, ``"8"``, ``"jack"``."""
        return _RANK_SPOKEN.get(self, str(int(self)))


_RANK_LABELS = {Rank.ACE: "A", Rank.JACK: "J", Rank.QUEEN: "Q", Rank.KING: "K"}
_RANK_SPOKEN = {Rank.ACE: "ace", Rank.JACK: "jack", Rank.QUEEN: "queen", Rank.KING: "king"}
_RANK_PLURALS = dict(zip(Rank, (
    "aces twos threes fours fives sixes sevens eights nines tens jacks queens kings".split()
)))
_RANK_BY_TEXT = {r.label: r for r in Rank} | {"T": Rank.TEN}


def rank_from_text(text: str) -> Rank | None:
    """A rank written alone (``"K"``, ``"10"``, ``"T"``), or ``None``.

    >>> rank_from_text("t"), rank_from_text("KH")
    (<Rank.TEN: 10>, None)
    """
    return _RANK_BY_TEXT.get(text.strip().upper())
_SUIT_BY_TEXT = {s.value: s for s in Suit} | {
    "♠": Suit.SPADES, "♤": Suit.SPADES, "♥": Suit.HEARTS, "♡": Suit.HEARTS,
    "♦": Suit.DIAMONDS, "♢": Suit.DIAMONDS, "♣": Suit.CLUBS, "♧": Suit.CLUBS,
}
_JOKER_WORDS = {"JK", "*", "JOKER", "🃏"}
_SEPARATORS = re.compile(r"[\s,;]+")


@dataclass(frozen=True)
class Card:
    """A natural card (rank and suit) or a joker (neither).

    A joker may say which card it stands for; that does not make it a
    different physical card: ``supply_key`` is the same for every joker.
    """

    rank: Rank | None = None
    suit: Suit | None = None
    stands_for: Card | None = None

    @property
    def is_joker(self) -> bool:
        return self.rank is None

    @property
    def supply_key(self) -> str:
        """What counts against the decks' supply: ``'9D'`` or ``'JK'``."""
        return "JK" if self.is_joker else f"{self.rank.label}{self.suit.value}"

    @property
    def label(self) -> str:
        """The card for screens: ``'10♥'``, ``'Joker'``."""
        if self.is_joker:
            return "Joker"
        return f"{self.rank.label}{self.suit.symbol}"

    def as_joker_for(self, card: Card | None) -> Card:
        """This joker standing for ``card`` (``None`` forgets the identity)."""
        if not self.is_joker:
            raise ValueError("only a joker can stand for another card")
        return Card(stands_for=card)

    def bare(self) -> Card:
        """The physical card, without any identity a joker was given."""
        return JOKER if self.is_joker else self

    def __str__(self) -> str:
        if self.is_joker:
            return f"JK={self.stands_for}" if self.stands_for else "JK"
        return self.supply_key


JOKER = Card()


def natural(rank: Rank, suit: Suit) -> Card:
    return Card(rank=rank, suit=suit)


_SUIT_ORDER = {suit: i for i, suit in enumerate(Suit)}


def sort_key(card: Card) -> tuple[int, int, int]:
    """Suits together, ranks ascending, jokers last."""
    if card.rank is None:
        return (9, 99, 0)
    return (_SUIT_ORDER[card.suit], int(card.rank), 0)


def parse_card(text: str, field: str | None = None) -> Card:
    """Read one card; raises ``CardSyntaxError`` naming what was wrong."""
    if not isinstance(text, str):
        raise CardSyntaxError("A card must be written as text, such as 7D or JK.", field)
    cleaned = text.strip().replace("\ufe0f", "").upper()
    if not cleaned:
        raise CardSyntaxError("An empty card was given.", field)
    head, _, identity = cleaned.partition("=")
    if head in _JOKER_WORDS:
        if not identity:
            return JOKER
        stands_for = _parse_natural(identity, text, field)
        return Card(stands_for=stands_for)
    if identity:
        raise CardSyntaxError(f"Only a joker can stand for another card: {text.strip()!r}.", field)
    return _parse_natural(head, text, field)


def _parse_natural(cleaned: str, original: str, field: str | None) -> Card:
    shown = original.strip()[:20]
    if len(cleaned) < 2 or len(cleaned) > 3:
        raise CardSyntaxError(f"{shown!r} is not a card; write rank then suit, like 7D or 10H.", field)
    rank = _RANK_BY_TEXT.get(cleaned[:-1])
    suit = _SUIT_BY_TEXT.get(cleaned[-1])
    if rank is None:
        raise CardSyntaxError(f"{shown!r} has no rank A, 2-10, J, Q or K.", field)
    if suit is None:
        raise CardSyntaxError(f"{shown!r} has no suit S, H, D or C.", field)
    return Card(rank=rank, suit=suit)


def parse_cards(cards: str | Iterable[str], field: str = "cards") -> list[Card]:
    """Read a list of cards, or one string of cards separated by spaces or commas."""
    if isinstance(cards, str):
        words = [w for w in _SEPARATORS.split(cards) if w]
    elif isinstance(cards, Iterable) and not isinstance(cards, (bytes, Mapping)):
        words = list(cards)
    else:
        raise WrongTypeError(f"{field} must be a list of cards, such as 7D 8D 9D.", field)
    return [parse_card(word, f"{field}[{i}]") for i, word in enumerate(words)]


def format_cards(cards: Iterable[Card]) -> str:
    return " ".join(str(c) for c in cards)


@dataclass(frozen=True)
class DeckSpec:
    """Which cards one deck of a game holds."""

    game: str
    ranks: frozenset[Rank] = frozenset(Rank)
    jokers_per_deck: int = 0

    def size(self, decks: int = 1) -> int:
        """Cards in ``decks`` decks: one Eversol deck has 54.

        >>> DeckSpec("Eversol Rummy", jokers_per_deck=2).size(2)
        108
        """
        return (len(self.ranks) * len(Suit) + self.jokers_per_deck) * decks

    @property
    def has_jokers(self) -> bool:
        return self.jokers_per_deck > 0

    def holds(self, card: Card) -> bool:
        """Whether a deck of the game has ``card`` (a joker, where it has jokers).

        >>> basic = DeckSpec("Basic Rummy")
        >>> basic.holds(natural(Rank.ACE, Suit.SPADES)), basic.holds(JOKER)
        (True, False)
        """
        return self.copies_of(card, 1) > 0

    def copies_of(self, card: Card, decks: int) -> int:
        if card.is_joker:
            return self.jokers_per_deck * decks
        return decks if card.rank in self.ranks else 0

    def check_card(self, card: Card, field: str | None = None) -> None:
        """Raise ``CardNotInGameError`` for a card this game never uses."""
        if card.is_joker and not self.jokers_per_deck:
            raise CardNotInGameError(f"{self.game} is played without jokers.", field)
        identity = card.stands_for if card.is_joker else card
        if identity is not None and identity.rank not in self.ranks:
            raise CardNotInGameError(
                f"{self.game} is played without {identity.rank.word}.", field)

    def check_cards(self, cards: object, location: str | tuple = "cards",
                    example: str = "7D KS") -> tuple[Card, ...]:
        """``cards`` if they are a list of cards already read (``parse_cards``), each one this
        game uses; ``example`` shows the list a player might give.

        >>> DeckSpec("Piquet", ranks=frozenset(Rank) - {Rank.TWO}).check_cards(["2S"])
        Traceback (most recent call last):
        ...
        referee.core.errors.WrongTypeError: Each card must be read first, such as 7D or KS.
        """
        if isinstance(cards, (str, bytes, Mapping)) or not isinstance(cards, Sequence):
            raise WrongTypeError(f"Give the cards as a list, such as {example}.", location)
        such_as = " or ".join(example.split()[:2])
        for i, card in enumerate(cards):
            where = (*location, i) if isinstance(location, tuple) else f"{location}[{i}]"
            if not isinstance(card, Card):
                raise WrongTypeError(f"Each card must be read first, such as {such_as}.", where)
            self.check_card(card, where)
        return tuple(cards)

    def check_supply(self, cards: Iterable[Card], decks: int, field: str = "cards") -> None:
        """Raise when the cards could not all be on the table at once."""
        self.check_named_supply([(f"{field}[{i}]", card) for i, card in enumerate(cards)], decks)

    def check_named_supply(self, named: Sequence[tuple[str, Card]], decks: int) -> None:
        """``check_supply`` of cards from several places, each with the field that names it.

        >>> deck = DeckSpec("500 Rummy", jokers_per_deck=2)
        >>> try:
        ...     deck.check_named_supply([("table[0][1]", parse_card("9D")),
        ...                              ("discard_pile[4]", parse_card("9D"))], decks=1)
        ... except TooManyCopiesError as error:
        ...     print(error.field, error.message)
        discard_pile[4] There are more copies of 9♦ here than the deck holds (1).
        """
        cards = [card for _, card in named]
        counts = Counter((card.rank, card.suit) for card in cards)
        for (rank, suit), n in counts.items():
            card = Card(rank, suit)
            have = self.copies_of(card, decks) if rank is None or rank in self.ranks else 0
            if n <= have and (rank is not None or have):
                continue
            # Name the first offending card: the first of its kind, or the first one too many.
            same = [i for i, c in enumerate(cards) if (c.rank, c.suit) == (rank, suit)]
            culprit = same[0] if not have else same[have]
            self.check_card(cards[culprit], named[culprit][0])
            what = "jokers" if card.is_joker else f"copies of {card.label}"
            deck_word = "deck holds" if decks == 1 else f"{decks} decks hold"
            raise TooManyCopiesError(
                f"There are more {what} here than the {deck_word} ({have}).", named[culprit][0])
        for name, card in named:
            if card.is_joker and card.stands_for is not None:
                self.check_card(card, name)
