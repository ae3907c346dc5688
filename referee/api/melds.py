"""POST /melds/check and /melds/extend: is this a meld, and what may be added to one."""

from __future__ import annotations

from collections.abc import Sequence

from flask import jsonify

from ..core import Card, MeldKind, Reading, TableMeld, TableRules
from ..core.errors import RefereeInputError, TableMeldError
from ..core.table import Extension
from .blueprint import api
from .requests import cards, json_object, meld_kind, optional_card, table_rules


@api.post("/melds/check")
def check_meld():
    body = json_object()
    table = table_rules(body)
    verdict, facts = table.judge_meld(cards(body, "cards"))
    return jsonify({
        "valid": verdict.valid,
        "kinds": list(verdict.kinds),
        "reason": verdict.reason,
        "readings": [_reading_json(r) for r in verdict.readings],
        "words": _words(table),
        **facts,
    })


@api.post("/melds/extend")
def extend_meld():
    body = json_object()
    table = table_rules(body)
    table.check_arranges("The lay-off and joker-swap check")
    meld = cards(body, "meld")
    add = cards(body, "add", [])
    swap = optional_card(body, "swap_for_joker")
    kind = meld_kind(body)
    check_supply_together(table, {"meld": meld, "add": add,
                                   "swap_for_joker": [swap] if swap else []})
    outcome = _extend_first_fitting(_as_laid(table, meld, kind), add, swap, table)
    return jsonify({
        "valid": outcome.valid,
        "meld": [str(c) for c in outcome.meld.cards],
        "kind": outcome.meld.kind.value,
        "freed_joker": outcome.freed_joker,
        "reason": outcome.reason,
        "words": _words(table),
    })


def _as_laid(table: TableRules, meld: Sequence[Card], kind: MeldKind | None) -> list[TableMeld]:
    """Every way the meld can lie as listed (just ``kind``'s, when given)."""
    try:
        if kind is not None:
            return [TableMeld.lay(meld, table.melds, kind)]
        return TableMeld.candidates(meld, table.melds)
    except TableMeldError as error:
        error.field = error.field or "meld"
        raise


def _extend_first_fitting(laid: list[TableMeld], add: Sequence[Card], swap: Card | None,
                          table: TableRules) -> Extension:
    """The first reading under which the extension is legal, else the first reading's answer."""
    outcomes = [_extend(meld, add, swap, table) for meld in laid]
    return next((o for o in outcomes if o.valid), outcomes[0])


def _extend(meld: TableMeld, add: Sequence[Card], swap: Card | None,
            table: TableRules) -> Extension:
    """Swap the joker out first (when asked), then lay off ``add``, all or nothing."""
    freed = False
    current = meld
    if swap is not None:
        swapped = current.swap_joker(swap, table.melds)
        if not swapped.valid:
            return swapped
        current, freed = swapped.meld, swapped.freed_joker
    laid_off = current.extend(add, table.melds)
    if not laid_off.valid:
        return Extension(False, meld, reason=laid_off.reason)
    return Extension(True, laid_off.meld, freed_joker=freed)


def check_supply_together(table: TableRules, groups: dict[str, list[Card]]) -> None:
    """Every card named is in play at once: check the decks hold them all.

    The core counts one list; the error's field is mapped back to the
    request field (``add[1]``) the offending card came from.
    """
    together = [card for group in groups.values() for card in group]
    names = [(name, i) if name != "swap_for_joker" else (name,)
             for name, group in groups.items() for i in range(len(group))]
    try:
        table.check_supply(together, "cards")
    except RefereeInputError as error:
        if len(error.location) == 2 and isinstance(error.location[1], int):
            error.location = names[error.location[1]]
        raise


def _reading_json(reading: Reading) -> dict:
    described = {
        "kind": reading.kind.value,
        "cards": [str(c) for c in reading.cards],
        "jokers": [_joker_json(c, reading) for c in reading.cards if c.is_joker],
        "other_placements": [[str(c) for c in placement]
                             for placement in reading.other_placements],
    }
    if reading.rank is not None:
        described["rank"] = reading.rank.label
    if reading.suit is not None:
        described["suit"] = reading.suit.value
    return described


def _joker_json(joker: Card, reading: Reading) -> str:
    """The card a joker stands for; in a book without a named card, any of its rank."""
    if joker.stands_for is not None:
        return str(joker.stands_for)
    return "any card" if reading.rank is None else f"any {reading.rank.label}"


def _words(table: TableRules) -> dict[str, str]:
    return {"book": table.melds.book_word, "run": table.melds.run_word}
