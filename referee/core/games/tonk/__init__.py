"""Tonk's rules core: card values, a player's count, a tonk on the deal, what each ending pays,
house options, and the fewest transfers that settle a night's ledger.

Pure Python, like the rest of ``referee.core``. Not yet registered among the rulesets:
the screens and the API come in later steps.

>>> from referee.core.cards import parse_cards
>>> count(parse_cards("7H 8H 9H KS 2C"))
12
>>> settle(["Ann", "Bob", "Cy"], Ending.TONK_OUT, player="Bob").net["Bob"]
4
"""

from .cards import DECK, HAND_SIZE, card_value, check_hand, hand_total
from .count import Arrangement, arrange, count
from .deal import is_tonk
from ...ledger import Transfer, fewest_transfers, in_money, stake_value
from .options import OPTIONS, TITLE, resolve_options
from ...model.stakes import Outcome, Payment, Settlement
from .settle import Ending, settle

__all__ = [
    "DECK", "HAND_SIZE", "OPTIONS", "TITLE", "Arrangement", "Ending", "Outcome", "Payment",
    "Settlement", "Transfer", "arrange", "card_value", "check_hand", "count", "fewest_transfers",
    "hand_total", "in_money", "is_tonk", "resolve_options", "settle", "stake_value",
]
