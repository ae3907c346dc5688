"""Cards no meld can hold any more: with fewer than two jokers left, a card whose suit has
no card within two ranks of it and whose rank has no card of another suit (none joker)
can only be kept, and the search keeps it at once rather than when its order reaches it.

Worked out for every card at once on a mask of kinds (``bits``' layout: a rank's four
suits side by side, aces first), for the games whose groups and runs both start at three
cards; a game with longer smallest melds gets no rule (``None``), and loses nothing but
the speed.

>>> from referee.core import get_ruleset
>>> from .bits import game_for, kind_bit
>>> dead = dead_rule(game_for(get_ruleset("500").configure()))
>>> def mask(*cards): return sum(1 << kind_bit(rank, suit) for rank, suit in cards)
>>> held = mask((5, 1), (7, 1), (9, 0), (13, 2), (13, 3), (1, 2))  # 5H 7H 9S KD KC AD
>>> dead(held, 1) == mask((9, 0))  # with a joker: 5H-7H, KD-KC, KD-AD; 9S alone
True
>>> dead(held, 0) == held  # no three of them make a meld
True
"""

from __future__ import annotations

from collections.abc import Callable

from .bits import PLANE, Game

_NIBBLES = sum(1 << (4 * rank) for rank in range(13))  # the lowest suit of every rank
_ACES, _TWOS, _THREES = 0xF, 0xF << 4, 0xF << 8
_QUEENS, _KINGS = 0xF << 44, 0xF << 48


def dead_rule(game: Game) -> Callable[[int, int], int] | None:
    """dead(kinds, jokers): the kinds among ``kinds`` no meld of them can hold with
    ``jokers`` (0 or 1) jokers; None where the game's melds are not all of three or more."""
    if game.min_book != 3 or game.min_run != 3 or game.max_book < 3:
        return None
    low, high = game.ace_low, game.ace_high

    def dead(kinds: int, jokers: int) -> int:
        # another suit of the same rank, one, two or three suits on (within the rank)
        r1 = (kinds << 1 & _NIBBLES * 0xE) | (kinds >> 3 & _NIBBLES)
        r2 = (kinds << 2 & _NIBBLES * 0xC) | (kinds >> 2 & _NIBBLES * 0x3)
        r3 = (kinds << 3 & _NIBBLES * 0x8) | (kinds >> 1 & _NIBBLES * 0x7)
        # the same suit one and two ranks up and down (an ace low below the two, high
        # above the king, as the game has it)
        up1, up2 = kinds >> 4, kinds >> 8
        down1, down2 = kinds << 4 & PLANE, kinds << 8 & PLANE
        if not low:
            up1 &= ~_ACES
            up2 &= ~_ACES
            down1 &= ~_TWOS
            down2 &= ~_THREES
        if high:
            aces = kinds & _ACES
            up1 |= aces << 48
            up2 |= aces << 44
            down1 |= kinds >> 48 & _ACES
            down2 |= kinds >> 44 & _ACES
        if jokers:
            alive = r1 | r2 | r3 | up1 | up2 | down1 | down2
        else:  # an ace has no middle: low it has nothing below, high nothing above
            alive = ((r1 & r2) | (r1 & r3) | (r2 & r3) | (down1 & up1 & ~_ACES)
                     | (up1 & up2) | (down1 & down2))
        return kinds & ~alive

    return dead
