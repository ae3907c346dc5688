"""A night of book games kept by the scorekeeper (Authors, Go Fish): what the two share, so
neither copies the other. Each game of the night is entered as each player's books once it
is over; the books must add up to what the deck holds; the most books win the game, and a
tie at the top shares it: each tied player is credited a game won, whole (so the games won
over a night may add up to more than the games played). The night's totals are games won;
it ends after a set number of games (``games``) or when the table ends it.

>>> table = book_ruleset(key="demo", title="Demo", summary="", rules_text={},
...                      deal_size=lambda players, hand, options: 7).configure()
>>> keeping = table.ruleset.keeping
>>> keeping.books.read(("Ann", "Bob", "Cy"), {"Ann": 5, "Bob": 5, "Cy": 3}, table.options)
{'Ann': 1, 'Bob': 1, 'Cy': 0}
>>> noun = table.ruleset.hand_noun
>>> keeping.end(table.options).describe(noun), keeping.end({"games": 3}).describe(noun)
('until the table ends it', '3 games')
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ..cards import DeckSpec
from ..errors import HandEntryError
from ..model.keeping import Books, EntryShape, GameEnd, Keeping, Ranking
from ..model.ruleset import Options, OptionSpec, Ruleset, game_without_melds
from .books import BooksError, books_in_deck, score_books

BOOK = 4
MOST_GAMES = 50

GAMES = OptionSpec(
    "games", 0, "How many games make the night; 0: the table ends the night when it likes.",
    minimum=0, maximum=MOST_GAMES, question="How many games make the night?",
    hint="0: until you stop.")
CHILDREN = OptionSpec(
    "children", False, "Children's mode: bigger buttons, and each player's books shown as "
    "pictures of cards.",
    question="Play in children's mode, with bigger buttons and each player's books shown as "
             "pictures of cards?")


def book_size(options: Options) -> int:
    """Cards in a book at this table: a pair where the house plays pairs, else four."""
    return 2 if options.get("pairs") else BOOK


def _read(players: Sequence[str], books: Any, options: Options) -> dict[str, int]:
    """Each player's score for one game: 1 to each winner, 0 to the others; refusals as the
    entry's (``event.books``)."""
    try:
        result = score_books(books, book_size(options))
    except BooksError as error:
        raise HandEntryError(error.message, ("event", *tuple(error.location or ()))) from None
    return {name: int(name in result.winners) for name in players}


def _word(options: Options) -> str:
    return "pair" if book_size(options) == 2 else "book"


def _end(options: Options) -> GameEnd:
    return GameEnd(hands=options["games"]) if options.get("games") else GameEnd()


BOOKS = Books(read=_read, in_deck=lambda options: books_in_deck(book_size(options)),
              word=_word, children=lambda options: bool(options.get("children")))


def book_ruleset(*, key: str, title: str, summary: str, rules_text: Mapping[str, tuple],
                 deal_size: Callable[[int, int | None, Options], int],
                 deal_table: tuple[dict[str, Any], ...] = (),
                 options: tuple[OptionSpec, ...] = (),
                 players: tuple[int, int] = (2, 10), stock: str = "stock") -> Ruleset:
    """A book game's ruleset: one 52-card deck, no melds to check, kept as books per game;
    what the deal leaves is drawn from, and the game calls it ``stock`` (Go Fish's pond)."""
    stock_note = (f"The rest of the deck is the {stock}, face down: a player whose ask fails "
                  "draws from it, and once it is empty a failed ask draws nothing.",)
    return game_without_melds(
        key=key, title=title, summary=summary, deck=DeckSpec(game=title),
        hand_size=0,  # never read: the deal sizes below are the game's own
        players=players, rules_text=rules_text,
        option_specs=(*options, GAMES, CHILDREN), deal_size=deal_size, deal_table=deal_table,
        keeping=Keeping(EntryShape.SCORES, Ranking.HIGHEST_FIRST, end=_end,
                        stock_may_run_out=True, most_per_hand=1, books=BOOKS,
                        seats_change=True),
        runs=False, upcard=False, hand_notes=lambda hand, options: stock_note,
        hand_noun="game")  # each entry of the night is a whole game
