"""The numbered FreeCell deals of Microsoft's game, as its published generator makes them.

The generator is Microsoft C's ``rand()``: ``state = state * 214013 + 2531011`` modulo 2^31,
each draw ``state >> 16`` (0-32767), seeded with the game number. The deck starts in the order
A♣ A♦ A♥ A♠ 2♣ … K♠ (index = (rank - 1) * 4 + suit, clubs, diamonds, hearts, spades); 52 times,
the card at ``draw mod cards left`` is dealt to the next column, left to right in rows, and the
last card of the deck takes its place.

Games 1 to 32,000 are the original ones; the same generator serves every number up to
2^31 - 1 (Windows' later million games and the published generator agree: nothing changes
above 32,000). Numbers outside 1 to 2^31 - 1 are refused.

>>> [str(card) for card in deal(1)[0]]
['JD', 'KD', '2S', '4C', '3S', '6D', '6S']
>>> [len(column) for column in deal(617)]
[7, 7, 7, 7, 6, 6, 6, 6]
"""

from __future__ import annotations

from ...cards import Card, Rank, Suit
from .errors import GameNumberError

COLUMNS = 8
FIRST_GAME, LAST_GAME = 1, 2**31 - 1
# The generator's suit order within a rank.
MS_SUITS = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)
MS_DECK: tuple[Card, ...] = tuple(Card(rank, suit) for rank in Rank for suit in MS_SUITS)


def check_game_number(game: object) -> int:
    """The game number, if it is a whole number from 1 to 2^31 - 1.

    >>> check_game_number(11982)
    11982
    >>> check_game_number(0)
    Traceback (most recent call last):
    ...
    referee.core.games.freecell.errors.GameNumberError: A FreeCell game is numbered 1 to 2147483647, not 0.
    """
    if isinstance(game, bool) or not isinstance(game, int):
        raise GameNumberError(f"A FreeCell game number is a whole number, not {game!r}.")
    if not FIRST_GAME <= game <= LAST_GAME:
        raise GameNumberError(
            f"A FreeCell game is numbered {FIRST_GAME} to {LAST_GAME}, not {game}.")
    return game


def dealing_order(game: int) -> tuple[Card, ...]:
    """The 52 cards in the order they are dealt (the first eight are the columns' first cards)."""
    state = check_game_number(game)
    deck = list(MS_DECK)
    dealt = []
    for left in range(len(deck), 0, -1):
        state = (state * 214013 + 2531011) & 0x7FFFFFFF
        pick = (state >> 16) % left
        dealt.append(deck[pick])
        deck[pick] = deck[left - 1]
        deck.pop()
    return tuple(dealt)


def deal(game: int) -> tuple[tuple[Card, ...], ...]:
    """Game ``game``'s eight columns, each from the card dealt first (buried) to the top card."""
    order = dealing_order(game)
    return tuple(order[column::COLUMNS] for column in range(COLUMNS))
