"""A kept partie's deal scored from its score sheet on the screens: each player's declarations
as said (``claims``), carte blanche, the tricks each took and who took the last; scored by
``compare_holdings`` and ``score_deal``, kept as the body /piquet/deal takes.

>>> score = read_sheet(("Ann", "Ben"), "Ben", {
...     "elder_point": "5 worth 48", "elder_sequences": "quint to the king",
...     "elder_sets": "quatorze of aces", "younger_point": "4", "elder_tricks": 8,
...     "younger_tricks": 4, "last_trick": "elder"})
>>> score.scores, score.event["deal"]["declarations"]
({'Ann': 120, 'Ben': 8}, {'elder': 94, 'younger': 0})
>>> [(row.label, row.points) for row in score.rows][:4]
[('Point', (5, 0)), ('Sequence', (15, 0)), ('Sets', (14, 0)), ('Repique', (60, 0))]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...errors import RefereeInputError
from ...model.deal_sheet import DealSheet, SheetBox, SheetRow, SheetScore
from .cards import Side
from .claims import POINT_EXAMPLE, SEQUENCES_EXAMPLE, SETS_EXAMPLE, read_holdings
from .deal import TRICKS, DealParts, PiqueChance, pique_chance, score_deal
from .declarations import REPIQUE, Declaration, Declarations, SideScores, compare_holdings
from .errors import PiqueUnknownError, TrickCountError

PARTS = ("point", "sequences", "sets")
_PLAY = (("Cards led", "leads"), ("Tricks", "tricks"), ("The cards", "the_cards"),
         ("Capot", "capot"), ("Pique", "pique"))


def side_choices(elder: str, younger: str, nobody: str | None = None
                 ) -> tuple[tuple[str, str], ...]:
    """A choice of side, each side in the words given (``nobody``: none may be chosen)."""
    return ((("", nobody),) if nobody else ()) + ((Side.ELDER.value, elder),
                                                  (Side.YOUNGER.value, younger))


def _sides(players: Sequence[str], dealer: str) -> dict[Side, str]:
    return {Side.ELDER: next(name for name in players if name != dealer),
            Side.YOUNGER: dealer}


def boxes(players: Sequence[str], dealer: str) -> tuple[SheetBox, ...]:
    names = _sides(players, dealer)
    found = []
    for side, role in ((Side.ELDER, "elder (leads)"), (Side.YOUNGER, "younger (deals)")):
        group = f"{names[side]}, {role}"
        found += [SheetBox(f"{side.value}_point", "Point", group, hint=f"e.g. {POINT_EXAMPLE}"),
                  SheetBox(f"{side.value}_sequences", "Sequences", group,
                           hint=f"e.g. {SEQUENCES_EXAMPLE}"),
                  SheetBox(f"{side.value}_sets", "Sets", group, hint=f"e.g. {SETS_EXAMPLE}"),
                  SheetBox(f"{side.value}_tricks", "Tricks taken", group, kind="number")]
    elder, younger = names[Side.ELDER], names[Side.YOUNGER]
    found += [
        SheetBox("carte_blanche", "Carte blanche shown", "The deal", kind="choice",
                 choices=side_choices(elder, younger, nobody="Nobody")),
        SheetBox("last_trick", "Last trick taken by", "The deal", kind="choice",
                 choices=side_choices(elder, younger)),
        SheetBox("pique_reached", f"Did {elder} reach 30 before {younger} scored?",
                 "The deal", kind="choice", hint="Only when asked: the order of the tricks "
                 "decides it.", choices=(("", "Not asked"), ("yes", "Yes"), ("no", "No")))]
    return tuple(found)


def _tricks(values: Mapping[str, Any], names: dict[Side, str]) -> dict[str, int]:
    taken = {}
    for side in Side:
        value = values.get(f"{side.value}_tricks")
        if value is None or value == "":
            raise TrickCountError(f"Type the tricks {names[side]} took (0 to {TRICKS}).",
                                  (f"{side.value}_tricks",))
        taken[side.value] = value
    return taken


def _last_trick(values: Mapping[str, Any], tricks: Mapping[str, int]) -> str:
    """Who took the last trick; a player who took every trick took it, so need not be said."""
    given = values.get("last_trick") or ""
    if not given:
        sweeping = [side for side in Side if tricks.get(side.value) == TRICKS]
        if sweeping:
            return sweeping[0].value
        raise TrickCountError("Who took the last trick?", ("last_trick",))
    return given


def _words(what: Declaration, names: dict[Side, str]) -> str:
    if what.winner is not None:
        return f"{names[what.winner]}: {', '.join(what.declared)}"
    return "Equal: nobody scores" if what.tied else "Nobody declared one"


def _rows(declared: Declarations, parts: dict[Side, DealParts], names: dict[Side, str]
          ) -> tuple[SheetRow, ...]:
    rows = []
    blanche = declared.carte_blanche
    if blanche.elder or blanche.younger:
        rows.append(SheetRow("Carte blanche", names[Side.ELDER if blanche.elder
                                                      else Side.YOUNGER],
                             (blanche.elder, blanche.younger)))
    for label, what in (("Point", declared.point), ("Sequence", declared.sequence),
                        ("Sets", declared.sets)):
        rows.append(SheetRow(label, _words(what, names),
                             tuple(what.points if what.winner is side else 0 for side in Side)))
    if declared.repique is not None:
        rows.append(SheetRow("Repique", f"{names[declared.repique]} reached 30 first",
                             tuple(REPIQUE if declared.repique is side else 0
                                   for side in Side)))
    for label, part in _PLAY:
        points = tuple(getattr(parts[side], part) for side in Side)
        if any(points) or part in ("leads", "tricks"):
            rows.append(SheetRow(label, "", points))
    return tuple(rows)


def read_sheet(players: Sequence[str], dealer: str, values: Mapping[str, Any]) -> SheetScore:
    """The deal's score from the sheet's boxes; refusals located at the box concerned."""
    names = _sides(players, dealer)
    given = {side: {part: values.get(f"{side.value}_{part}") for part in PARTS}
             for side in Side}
    where = {side: {part: (f"{side.value}_{part}",) for part in PARTS} for side in Side}
    held = read_holdings(given, where)
    blanche = values.get("carte_blanche") or ""
    declared = compare_holdings(*held, frozenset([Side.read(blanche, ("carte_blanche",))])
                                if blanche else frozenset())
    tricks = _tricks(values, names)
    last = _last_trick(values, tricks)
    pique = {"yes": True, "no": False}.get(values.get("pique_reached") or "")
    try:
        deal = score_deal(declared, tricks, last, pique)
    except PiqueUnknownError as error:
        if pique is None:  # the core's question, in the players' names
            error = PiqueUnknownError(
                f"The order of the tricks decides a pique here: did {names[Side.ELDER]} reach "
                f"30 before {names[Side.YOUNGER]} scored a point?", ("pique_reached",))
        raise error from None
    except RefereeInputError as error:  # located in the question's body: put at its box
        location = tuple(error.location)
        if location[:1] == ("tricks",):
            error.field = (f"{location[1]}_tricks" if len(location) > 1 else "elder_tricks",)
        elif location:
            error.field = (str(location[0]),)
        raise
    # Kept as /piquet/deal takes it: each side's declaration points (a repique in them).
    body: dict[str, Any] = {"declarations": {side.value: declared.totals[side] for side in Side},
                            "tricks": tricks, "last_trick": last}
    if pique_chance(declared.totals, declared.repique is not None,
                    SideScores(tricks["elder"], tricks["younger"]),
                    Side(last)) is PiqueChance.DEPENDS_ON_PLAY:
        body["pique_reached"] = pique
    parts = {Side.ELDER: deal.elder, Side.YOUNGER: deal.younger}
    order = tuple(names[side] for side in Side)
    return SheetScore(order, _rows(declared, parts, names),
                      {names[side]: parts[side].total for side in Side},
                      {"elder": names[Side.ELDER], "deal": body})


SHEET = DealSheet(boxes=boxes, read=read_sheet)
