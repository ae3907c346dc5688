"""A tonk on the deal: five dealt cards worth exactly 50, or 11 or less (49 too, by house rule);
five cards are worth 6 at the least, so a low tonk is 6 to 11.

Every card counts here, spread or not: the total is taken before anyone plays.

>>> from referee.core.cards import parse_cards
>>> is_tonk(parse_cards("KS QH JD 10C 10S")), is_tonk(parse_cards("AS 2H 3D 4C AH"))
(True, True)
>>> is_tonk(parse_cards("KS QH JD 10C 9S"))
False
>>> is_tonk(parse_cards("KS QH JD 10C 9S"), {"tonk_on_49": True})
True
"""

from __future__ import annotations

from collections.abc import Sequence

from ...cards import Card
from ...errors import CardCountError
from ...model.ruleset import Options
from .cards import HAND_SIZE, LEAST_DEALT, check_hand, hand_total
from .options import resolve_options

TONK_TOTAL = 50
HOUSE_TONK_TOTAL = 49
LOW_TONK = 11  # this or less


def is_tonk(cards: Sequence[Card], options: Options | None = None,
            location: tuple = ("cards",)) -> bool:
    """Whether a dealt hand of five cards is a tonk."""
    cards = check_hand(cards, location)
    if len(cards) != HAND_SIZE:
        raise CardCountError(f"A tonk is judged on the {HAND_SIZE} cards dealt, "
                             f"not {len(cards)}.", location)
    return tonk_total(hand_total(cards), resolve_options(options))


def tonk_total(total: int, options: Options) -> bool:
    """Whether a dealt total makes a tonk under the table's options: five dealt cards are
    worth ``LEAST_DEALT`` (6) at the least, so a low tonk is 6 to 11.

    >>> tonk_total(6, {"tonk_on_49": False}), tonk_total(5, {"tonk_on_49": False})
    (True, False)
    """
    high = {TONK_TOTAL, HOUSE_TONK_TOTAL} if options["tonk_on_49"] else {TONK_TOTAL}
    return LEAST_DEALT <= total <= LOW_TONK or total in high
