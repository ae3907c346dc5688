"""The family's history across every game: the players page (``players``: everyone, paged, and
each player's own page, where two names are joined into one person and parted again), and each
game's leaderboard and records (``standing``). They read what the store keeps of finished games
(``referee.store.history``), never a game's hands; the kept game's screens link here by address.
"""

from . import players, standing
from .blueprint import bp

__all__ = ["bp", "players", "standing"]
