"""Rulings at a live Eversol table: who gets a discard, and whether it is a rummy card.

Pure functions of what the players say happened; the rest of the live hand
(its events and state) builds on them. Asked without an Eversol table, the same rulings
are in ``..rulings``.
"""

from .buys import BuyOutcome, BuyRuling, resolve_buy
from .rummy import RummyRuling, joker_freed_by, joker_warning, penalty_points, rummy_ruling

__all__ = ["BuyOutcome", "BuyRuling", "RummyRuling", "joker_freed_by", "joker_warning",
           "penalty_points", "resolve_buy", "rummy_ruling"]
