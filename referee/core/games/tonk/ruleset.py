"""Tonk as a ruleset: its spreads for the meld checker and the arranger, and a night kept as a
ledger of stakes, each hand settled by how it ended.

>>> from referee.core.cards import parse_cards
>>> table = TONK.configure()
>>> table.check_meld(parse_cards("QH KH AH")).valid, table.check_meld(parse_cards("KH AH 2H")).valid
(True, False)
>>> stakes, players = TONK.stakes, ("Ann", "Bob", "Cy")
>>> settled = stakes.settle(table, players, stakes.read(players, {"ending": "tonk_out",
...                                                               "player": "bob"}))
>>> dict(settled.net), settled.ended_by
({'Ann': -2, 'Bob': 4, 'Cy': -2}, ('Bob',))
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...errors import GameSetupError
from ...melds import MeldRules
from ...model.seats import seat_of
from ...model.keeping import EntryShape, GameEnd, Keeping, Ranking
from ...model.ruleset import Ruleset, TableRules
from ...model.stakes import HandEnding, Settlement, Stakes, Who
from .cards import DECK, HAND_SIZE, LEAST_DEALT, card_value
from .deal import HOUSE_TONK_TOTAL, LOW_TONK, TONK_TOTAL
from .options import OPTIONS, TITLE
from .rules_text import RULES_TEXT
from .settle import MAX_PLAYERS, MIN_PLAYERS, Ending, settle

LOW_TONKS = f"{LEAST_DEALT} to {LOW_TONK}"  # five cards are worth 6 at the least
ENDINGS = (
    HandEnding(Ending.TONK_ON_DEAL.value, "Tonk on the deal",
               f"Dealt {TONK_TOTAL}, or {LOW_TONKS}", Who.SOME,
               "Who was dealt a tonk?", counts=False,
               house_hint=lambda options: (f"Dealt {HOUSE_TONK_TOTAL} or {TONK_TOTAL}, or "
                                           f"{LOW_TONKS}" if options.get("tonk_on_49") else
                                           f"Dealt {TONK_TOTAL}, or {LOW_TONKS}")),
    HandEnding(Ending.DROP.value, "Drop", "Showed the hand before drawing", Who.ONE,
               "Who dropped?", counts=True),
    HandEnding(Ending.STOCK_OUT.value, "Stock out", "Nobody went out: lowest count wins",
               Who.NOBODY, "", counts=True),
    HandEnding(Ending.RUN_OUT.value, "Run out", "Last card discarded", Who.ONE,
               "Who ran out?", counts=False),
    HandEnding(Ending.TONK_OUT.value, "Tonk out", "Last card spread or hit, no discard",
               Who.ONE, "Who tonked out?", counts=False),
)


def _read(players: Sequence[str], settling: Mapping[str, Any]) -> dict[str, Any]:
    """A hand's fields with every name as seated (names come in any case, as everywhere in a
    game); what is not a name, or players that are no list of names, left for ``settle`` to
    refuse."""
    read = dict(settling)
    if not isinstance(players, (list, tuple)) or not all(isinstance(p, str) for p in players):
        return read
    if "player" in read:
        read["player"] = _seated(players, read["player"], ("player",))
    if isinstance(read.get("tonks"), list):
        read["tonks"] = [_seated(players, name, ("tonks", i))
                         for i, name in enumerate(read["tonks"])]
    if isinstance(read.get("counts"), Mapping):
        read["counts"] = {_seated(players, name, ("counts", name)): value
                          for name, value in read["counts"].items()}
    return read


def _settle(table: TableRules, players: Sequence[str], read: Mapping[str, Any],
            strict: bool = True) -> Settlement:
    return settle(players, read.get("ending"), read.get("player"), read.get("tonks", ()),
                  read.get("counts"), table.options, strict=strict)


def _seated(players: Sequence[str], name: Any, location: tuple) -> Any:
    """The player's name as seated, for a name given in another case; anything else as given,
    for ``settle`` to refuse (after the players themselves are checked)."""
    if not isinstance(name, str):
        return name
    try:
        return players[seat_of(players, name, location)]
    except GameSetupError:
        return name


TONK = Ruleset(
    key="tonk",
    title=TITLE,
    summary="Five cards each from one deck, no jokers; a hand ends by a tonk on the deal, a "
            "drop, the stock running out, a player running out or tonking out, and each ending "
            "pays in stakes. A night is a ledger of who owes whom.",
    option_specs=OPTIONS,
    meld_rules=lambda options: MeldRules(game=TITLE, book_word="set", run_word="run",
                                         min_book=3, max_book=4, book_suits_distinct=True,
                                         min_run=3),
    deck=lambda options: DECK,
    card_value=lambda card, options, low_ace_in_run=False: card_value(card),
    deal_size=lambda players, hand, options: HAND_SIZE,
    deal_table=({"players": f"{MIN_PLAYERS}-{MAX_PLAYERS}", "cards": HAND_SIZE},),
    recommended_decks=lambda players: 1,
    short_title=TITLE,
    players=(MIN_PLAYERS, MAX_PLAYERS),
    most_decks=1,
    keeping=Keeping(EntryShape.SETTLEMENT, Ranking.HIGHEST_FIRST, end=lambda options: GameEnd(),
                    stock_may_run_out=True,
                    stakes=Stakes(ENDINGS, _read, _settle,
                                  fields=("ending", "player", "tonks", "counts"),
                                  claims_field="tonks"),
                    seats_change=True),
    book_word="set",
    value_notes=("Ace 1, J Q K 10, the rest face value.",
                 "A player's count is what the cards outside spreads are worth: sets of 3 or "
                 "4 of a kind, runs of 3 or more in one suit."),
    rules_text=RULES_TEXT,
)
