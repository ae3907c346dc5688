"""Rulings at a live Eversol table: who gets a discard, and whether it is a rummy card.

Pure functions of what the players say happened; the rest of the live hand
(its events and state) builds on them.
"""

from .buys import BuyOutcome, BuyRuling, resolve_buy
from .rummy import (RummyRuling, check_rummy, frees_a_joker, joker_buyer_warning,
                    rummy_penalty_points)

__all__ = ["BuyOutcome", "BuyRuling", "RummyRuling", "check_rummy", "frees_a_joker",
           "joker_buyer_warning", "resolve_buy", "rummy_penalty_points"]
