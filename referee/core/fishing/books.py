"""Books: sets of one rank collected from the other players (Authors, Go Fish).

A book is ``size`` cards of one rank: four in Authors and Go Fish, a pair in Go Fish for
young children. A 52-card deck holds 13 books of four, or 26 pairs. When a game is over every
book has been made, so the players' books add up to what the deck holds; the most books win,
and players level at the top share the win.

>>> from referee.core.cards import parse_cards
>>> [(rank.word, len(cards)) for rank, cards in books_in(parse_cards("7S 7H 7D 7C 9S"), 4)]
[('sevens', 4)]
>>> result = score_books({"Ann": 5, "Bob": 5, "Cy": 3}, size=4)
>>> result.winners, result.shared
(('Ann', 'Bob'), True)
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..cards import Card, Rank, Suit
from ..errors import PlayerCountError, RefereeInputError, WrongTypeError


class BooksError(RefereeInputError):
    """Books that cannot be: a negative count, more than the deck holds, fewer than it holds
    in a finished game, a book size the deck does not divide into."""

    code = "bad_books"


def books_in_deck(size: int) -> int:
    """How many books of ``size`` one 52-card deck holds: 13 of four, 26 pairs."""
    if isinstance(size, bool) or not isinstance(size, int) or size < 1 or len(Suit) % size:
        raise BooksError(f"A book is 1, 2 or 4 cards of a rank, not {size!r}.", ("size",))
    return len(Rank) * (len(Suit) // size)


def books_in(cards: Sequence[Card], size: int) -> tuple[tuple[Rank, tuple[Card, ...]], ...]:
    """The books the cards make, rank by rank (a rank may make two pairs)."""
    books_in_deck(size)
    by_rank: dict[Rank, list[Card]] = defaultdict(list)
    for card in cards:
        if card.is_joker:
            raise BooksError("Books are made without jokers.", ("cards",))
        by_rank[card.rank].append(card)
    return tuple((rank, tuple(held[i:i + size]))
                 for rank, held in sorted(by_rank.items())
                 for i in range(0, len(held) - size + 1, size))


@dataclass(frozen=True)
class BooksResult:
    books: dict[str, int]
    winners: tuple[str, ...]  # the most books; several share the win
    shared: bool


def check_books(books: Any, size: int, finished: bool = True) -> dict[str, int]:
    """Each player's books, checked against the deck: at most what it holds, and exactly that
    once the game is over (every book has been made)."""
    total = books_in_deck(size)
    if not isinstance(books, Mapping):
        raise WrongTypeError("Give the books as {name: books}.", ("books",))
    if len(books) < 2:
        raise PlayerCountError("Books are played by two players or more.", ("books",))
    for name, count in books.items():
        if not isinstance(name, str) or not name.strip():
            raise WrongTypeError("Every player needs a name.", ("books",))
        if isinstance(count, bool) or not isinstance(count, int) or not 0 <= count <= total:
            raise BooksError(f"Books are a whole number from 0 to {total}.", ("books", name))
    made = sum(books.values())
    what = "pairs" if size == 2 else "books"
    if made > total or (finished and made != total):
        raise BooksError(f"The {what} add up to {made}; the deck holds {total}"
                         + (", all made by the end." if finished else "."), ("books",))
    return dict(books)


def score_books(books: Any, size: int, finished: bool = True) -> BooksResult:
    """Who won: the most books, shared when several have as many."""
    books = check_books(books, size, finished)
    top = max(books.values())
    winners = tuple(name for name, count in books.items() if count == top)
    return BooksResult(books, winners, len(winners) > 1)


@dataclass(frozen=True)
class NightTotals:
    """Games won over a night: a shared win counts as a win for each who shared it."""

    wins: dict[str, int]
    shared_wins: dict[str, int]
    games: int


def night_totals(games: Sequence[BooksResult]) -> NightTotals:
    """The night's games won per player, from the games' results in order."""
    if isinstance(games, (str, bytes, Mapping)) or not isinstance(games, Sequence):
        raise WrongTypeError("Give the games as a list of results.", ("games",))
    wins: dict[str, int] = {}
    shared: dict[str, int] = {}
    for i, game in enumerate(games):
        if not isinstance(game, BooksResult):
            raise WrongTypeError("Each game is a scored result.", ("games", i))
        for name in game.books:
            wins.setdefault(name, 0)
            shared.setdefault(name, 0)
        for name in game.winners:
            wins[name] += 1
            shared[name] += game.shared
    return NightTotals(wins, shared, len(games))
