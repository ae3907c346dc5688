"""Eversol Rummy: six progressive hands, books and runs, buying, rummy cards.

>>> EVERSOL.contracts[1].describe()
'one book and one run'
>>> [EVERSOL.recommended_decks(n) for n in (2, 3, 4, 5, 6, 13, 20)]
[1, 1, 2, 2, 3, 4, 5]
"""

from __future__ import annotations

from ...cards import Card, DeckSpec, Rank
from ...errors import RefereeInputError
from ...melds import MeldRules
from .rules_text import RULES_TEXT
from ...model.keeping import EntryShape, GameEnd, Keeping, Ranking
from ...model.ruleset import Contract, Options, Ruleset, decks_needed
from ...rummy.rummy_call import RummyCall
from .hand.buys import resolve_buy
from .hand.rummy import rummy_ruling
from .options import OPTIONS, TITLE

CONTRACTS = (
    Contract(1, 6, books=2, runs=0),
    Contract(2, 7, books=1, runs=1),
    Contract(3, 8, books=0, runs=2),
    Contract(4, 9, books=3, runs=0),
    Contract(5, 10, books=2, runs=1),
    Contract(6, 11, books=1, runs=2, discard=False),
)

DECK = DeckSpec(game=TITLE, jokers_per_deck=2)
MELDS = MeldRules(game=TITLE, min_book=3, max_book=None, min_run=4, joker_swap=True)


def card_value(card: Card, options: Options, low_ace_in_run: bool = False) -> int:
    """Points for a card still held when someone goes out."""
    if card.is_joker:
        return 50
    if card.rank is Rank.ACE:
        return 15
    return 10 if card.rank >= Rank.TEN else 5


def deal_size(players: int, hand: int | None, options: Options) -> int:
    """Cards dealt to each player in ``hand`` (1-6; ``None`` means the first hand)."""
    if hand is None:
        hand = 1
    if not isinstance(hand, int) or isinstance(hand, bool) or not 1 <= hand <= len(CONTRACTS):
        raise RefereeInputError(f"{TITLE} has hands 1 to {len(CONTRACTS)}.", "hand")
    return CONTRACTS[hand - 1].cards_dealt


def recommended_decks(players: int) -> int:
    usual = 1 if players <= 3 else 2 if players <= 5 else 3
    return decks_needed(players, usual, 54, biggest_deal=11)


EVERSOL = Ruleset(
    key="eversol",
    title=TITLE,
    summary="Six hands dealt 6 to 11 cards, each with its own contract of books and runs; "
            "lowest total wins.",
    option_specs=OPTIONS,
    meld_rules=lambda options: MELDS,
    deck=lambda options: DECK,
    card_value=card_value,
    deal_size=deal_size,
    deal_table=tuple({"hand": c.hand, "cards": c.cards_dealt} for c in CONTRACTS),
    recommended_decks=recommended_decks,
    short_title="Eversol",
    keeping=Keeping(EntryShape.HELD, Ranking.LOWEST_FIRST,
                    end=lambda options: GameEnd(hands=len(CONTRACTS)),
                    penalty_rule=("aris_rule", "Ari's rule"), followed=True,
                    seats_change=True),
    contracts=CONTRACTS,
    value_notes=("Cards held: 2-9 are 5, 10-K are 10, an ace 15, a joker 50.",),
    rummy_call=RummyCall(about_pile=False, check=rummy_ruling),
    resolve_buy=resolve_buy,
    rules_text=RULES_TEXT,
)
