"""A player's cards at a hand's end, tapped or typed one by one, and what they count in a game.

For the score only the rank matters, so a card may be written by its rank
alone (``K``, ``7``, ``JK``) or as a whole card (``KH``); both are kept as
written, for the history. Copies are checked against the decks in play, and
a card the game does not use is refused. Every value comes from the game's
``TableRules``; nothing here names a game.

>>> from referee.core.games.registry import get_ruleset
>>> five_hundred = get_ruleset("500").configure(decks=1)
>>> held = read_held_cards("K 7 7H JK", five_hundred)
>>> held.cards, held.points
(('K', '7', '7H', 'JK'), 39)
>>> read_held_cards("7 7 7 7 7", five_hundred)
Traceback (most recent call last):
...
referee.core.errors.TooManyCopiesError: 5 sevens, but 1 deck holds only 4.

Melded cards are tapped meld by meld, ``/`` between melds, so that an ace at
the low end of a sequence counts as a low ace where the game says so:

>>> read_melded_cards("A 2 3 / A A A", five_hundred).points
51
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ..cards import JOKER, Card, Rank, Suit, natural, parse_card, rank_from_text
from ..errors import CardSyntaxError, TooManyCopiesError, WrongTypeError
from ..model.ruleset import TableRules

_SEPARATORS = re.compile(r"[\s,;]+")
MELD_BREAK = "/"  # between two melds, among the cards a player melded
_SUITS_IN_A_DECK = len(Suit)
_HIGH_ACE = 14  # where an ace above the king would lie in a sequence


# --- Value classes: the steppers, one per value a card can be worth ------------------------------

@dataclass(frozen=True)
class ValueClass:
    """The cards of a game that are worth the same: counted together with one stepper."""

    key: str  # in saved entries: "2-9", "10-K", "A", "joker", "low-A", "A+joker"
    label: str  # on the screen: "2–9", "Ace", "Ace or Joker", "Low ace"
    points: int


def value_classes(table: TableRules, melded: bool = False) -> tuple[ValueClass, ...]:
    """The game's cards grouped by what each is worth, cheapest first; ``melded`` adds the
    low ace where the game counts an ace at the low end of a sequence otherwise.

    >>> from referee.core.games.registry import get_ruleset
    >>> [(v.key, v.points) for v in value_classes(get_ruleset("basic").configure())][-3:]
    [('8', 8), ('9', 9), ('10-K', 10)]
    >>> five_hundred = get_ruleset("500").configure(options={"card_values": "5/10/15"})
    >>> [v.label for v in value_classes(five_hundred, melded=True)]
    ['2–9 or low ace', '10–K', 'Ace or Joker']
    """
    members: dict[int, list[str]] = {}
    ranks = sorted(table.deck.ranks)
    for rank in ranks:
        members.setdefault(table.card_value(natural(rank, Suit.SPADES)), []).append(rank.label)
    if table.has_jokers:
        members.setdefault(table.card_value(JOKER), []).append("JK")
    low = low_ace_points(table) if melded else None
    if low is not None:
        members.setdefault(low, []).append("low-A")
    return tuple(ValueClass(_class_key(words), _class_label(words), points)
                 for points, words in sorted(members.items()))


def low_ace_points(table: TableRules) -> int | None:
    """What an ace at the low end of a sequence is worth, where that differs from an ace."""
    if Rank.ACE not in table.deck.ranks:
        return None
    ace = natural(Rank.ACE, Suit.SPADES)
    low = table.card_value(ace, low_ace_in_run=True)
    return None if low == table.card_value(ace) else low


def _runs(words: Sequence[str]) -> list[str]:
    """Ranks 2 to K that follow each other as ``"2-9"``; the ace, a joker and a low ace alone."""
    parts: list[str] = []
    naturals = [rank_from_text(w) for w in words if rank_from_text(w) not in (None, Rank.ACE)]
    start = previous = None
    for rank in [*naturals, None]:
        if rank is not None and previous is not None and rank == previous + 1:
            previous = rank
            continue
        if start is not None:
            parts.append(start.label if start == previous else f"{start.label}-{previous.label}")
        start = previous = rank
    parts += [{"A": "A", "JK": "joker", "low-A": "low-A"}[w] for w in words
              if w in ("A", "JK", "low-A")]
    return parts


def _class_key(words: Sequence[str]) -> str:
    return "+".join(_runs(words))


_PART_LABELS = {"A": "Ace", "joker": "Joker", "low-A": "Low ace"}


def class_label(key: str) -> str:
    """A saved class key as the screen and the history show it.

    >>> class_label("2-9"), class_label("A+joker"), class_label("2-9+low-A")
    ('2–9', 'Ace or Joker', '2–9 or low ace')
    """
    labels = [_PART_LABELS.get(part, part.replace("-", "–")) for part in key.split("+")]
    return " or ".join([labels[0], *(label[0].lower() + label[1:] if label.startswith("Low")
                                     else label for label in labels[1:])])


def _class_label(words: Sequence[str]) -> str:
    return class_label(_class_key(words))


def card_buttons(table: TableRules) -> tuple[str, ...]:
    """A button per rank the game uses, and the joker: worth most first, the cards not to miss.

    >>> from referee.core.games.registry import get_ruleset
    >>> card_buttons(get_ruleset("500").configure())[:6]
    ('JK', 'A', 'K', 'Q', 'J', '10')
    """
    worth = card_values(table)
    order = {word: place for place, word in enumerate(
        ["JK", "A", *(rank.label for rank in sorted(Rank, reverse=True))])}
    return tuple(sorted(worth, key=lambda word: (-worth[word], order[word])))


def card_values(table: TableRules) -> dict[str, int]:
    """What each card the game uses is worth, by the word its button writes: ``{"A": 15}``."""
    values = {rank.label: table.card_value(natural(rank, Suit.SPADES))
              for rank in sorted(table.deck.ranks)}
    if table.has_jokers:
        values["JK"] = table.card_value(JOKER)
    return values


# --- Reading cards -------------------------------------------------------------------------------

@dataclass(frozen=True)
class HeldCards:
    cards: tuple[str, ...]  # as written: "K", "7H", "JK"; "/" between melds
    points: int


def read_held_cards(cards: str | Iterable[str], table: TableRules,
                    field: str = "cards") -> HeldCards:
    """What the cards held are worth; raises a ``RefereeInputError`` naming the bad card."""
    read = _read_words(_words(cards, field), table, field, melds=False)
    points = sum(table.card_value(card) for _, card in read)
    return HeldCards(tuple(word for word, _ in read), points)


def read_melded_cards(cards: str | Iterable[str], table: TableRules,
                      field: str = "cards") -> HeldCards:
    """What the cards melded and laid off are worth, meld by meld (``/`` between melds): an
    ace at the low end of a sequence counts as a low ace.

    >>> from referee.core.games.registry import get_ruleset
    >>> table = get_ruleset("500").configure()
    >>> read_melded_cards("Q K A / A 2 3 / 7 7 7", table).points
    62
    """
    read = _read_words(_words(cards, field), table, field, melds=True)
    points = 0
    for meld in _melds([card for _, card in read]):
        low = _aces_lie_low(meld)
        points += sum(table.card_value(card, low_ace_in_run=low and card.rank is Rank.ACE)
                      for card in meld)
    return HeldCards(tuple(word for word, _ in read), points)


def split_words(cards: str | Iterable) -> list:
    """The cards as written, one word each, ``/`` a word of its own: ``'7 8/K'`` has 4."""
    if isinstance(cards, str):
        return [w for w in _SEPARATORS.split(cards.replace(MELD_BREAK, f" {MELD_BREAK} ").strip())
                if w]
    return list(cards)


def _words(cards: object, field: str) -> list:
    if isinstance(cards, (str, Iterable)):
        return split_words(cards)
    raise WrongTypeError("The cards must be a list, such as K 7 JK.", field)


def _read_words(words: list, table: TableRules, field: str,
                melds: bool) -> list[tuple[str, Card | None]]:
    """Each word tidied with a card of its value (``None`` for a meld break), checked against
    the game's decks."""
    what = "melded" if melds else "held"
    read = [(MELD_BREAK, None) if melds and word == MELD_BREAK
            else _read_one(word, f"{field}[{i}]", what) for i, word in enumerate(words)]
    cards = [(i, card) for i, (_, card) in enumerate(read) if card is not None]
    for i, card in cards:
        table.deck.check_card(card, f"{field}[{i}]")  # a joker in a game without: refused
    _check_copies([card for _, card in cards], table, field)
    suited = [card for word, card in read if card is not None and not card.is_joker
              and rank_from_text(word) is None]
    table.check_supply(suited, field)
    return read


def _read_one(word: object, field: str, what: str) -> tuple[str, Card]:
    """The word tidied, and a card of the same value (a bare rank reads as spades)."""
    if not isinstance(word, str):
        raise WrongTypeError(f"Each card {what} must be written as text, such as K or 7H.", field)
    tidy = word.strip().upper()
    rank = rank_from_text(tidy)
    if rank is not None:
        return tidy, natural(rank, Suit.SPADES)
    try:
        card = parse_card(tidy, field)
    except CardSyntaxError:
        raise CardSyntaxError(f"{word.strip()[:20]!r} is not a card: write a rank such as K or 7, "
                              "a card such as 7H, or JK for a joker.", field) from None
    if card.is_joker:
        return "JK", JOKER
    return tidy, card


def _check_copies(cards: list[Card], table: TableRules, field: str) -> None:
    """No more jokers, nor cards of one rank, than the decks hold."""
    decks = table.decks
    deck_words = "1 deck holds" if decks == 1 else f"{decks} decks hold"
    jokers = sum(card.is_joker for card in cards)
    joker_supply = table.deck.copies_of(JOKER, decks)
    if jokers > joker_supply:
        raise TooManyCopiesError(f"{jokers} jokers, but {deck_words} only {joker_supply}.", field)
    by_rank = Counter(card.rank for card in cards if not card.is_joker)
    for rank, count in by_rank.items():
        if count > _SUITS_IN_A_DECK * decks:
            raise TooManyCopiesError(f"{count} {rank.word}, but {deck_words} only "
                                     f"{_SUITS_IN_A_DECK * decks}.", field)


def _melds(cards: list[Card | None]) -> list[list[Card]]:
    melds: list[list[Card]] = [[]]
    for card in cards:
        if card is None:
            melds.append([])
        else:
            melds[-1].append(card)
    return [meld for meld in melds if meld]


def _aces_lie_low(meld: Sequence[Card]) -> bool:
    """Whether the aces of a meld lie at the low end of a sequence: the meld has other ranks,
    and its lowest is nearer the bottom (A-2-3, A-JK-3) than its highest is to the top (Q-K-A).
    static/games.js reads a meld the same way for the live total."""
    others = [int(card.rank) for card in meld if not card.is_joker and card.rank is not Rank.ACE]
    return bool(others) and min(others) - 1 < _HIGH_ACE - max(others)


def describe_held(cards: Iterable[str]) -> str:
    """The cards as the history shows them.

    >>> describe_held(["K", "7h", "JK"])
    'K 7H JK'
    """
    return " ".join(word.upper() for word in cards)
