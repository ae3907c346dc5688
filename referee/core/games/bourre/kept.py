"""Bourré kept over a night: a hand's ``hand_scored`` fields read with the names as seated,
and settled against the pot the hand before left (``night.record_hand``), counted in antes.

Every amount in a night is a whole number of antes (a pot is antes and matches of pots), so
the kept game counts in antes as Tonk's counts in stakes, and the table's stake is the ante:
the shared ledger turns them into money.

>>> from referee.core.games.registry import get_ruleset
>>> table, players = get_ruleset("bourre").configure(), ("Ann", "Bob", "Cy")
>>> first = settle(table, players, read(players, {"played": ["ann", "Bob"],
...                                                "tricks": {"Ann": 3, "Bob": 2}}))
>>> dict(first.net), first.pot  # Ann took the 3; the next hand's antes are still theirs
({'Ann': 2, 'Bob': -1, 'Cy': -1}, 3)
>>> carried = settle(table, players, read(players, {"played": ["Ann", "Bob", "Cy"],
...     "tricks": {"Ann": 2, "Bob": 2, "Cy": 1}}), before=first)
>>> dict(carried.net), carried.pot, carried.outcome.value  # 2-2-1: only Cy antes again
({'Ann': 0, 'Bob': 0, 'Cy': 0}, 4, 'draw')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from decimal import Decimal
from typing import Any

from ...cards import Card, Rank, Suit
from ...errors import GameSetupError, WrongTypeError
from ...model.ruleset import TableRules
from ...model.seats import seat_of
from ...model.stakes import Outcome, Settlement
from ...text import spoken_list
from .night import HandEntry, NightState, record_hand, start_night
from .pot import HandResult, read_names, read_penalties

FIELDS = ("played", "tricks", "penalties", "trump_ace")
ANTE = Decimal(1)  # the night counted in antes: the table's stake is the ante's money
# The turned card's suit does not matter to the rule, only that it was an ace.
_AN_ACE = Card(Rank.ACE, Suit.SPADES)


def opening_pot(players: Sequence[str]) -> int:
    """The pot standing for the first hand: every player seated antes (``start_night``).

    >>> opening_pot(("Ann", "Bob", "Cy"))
    3
    """
    return int(start_night(list(players), ANTE).pot)


def read(players: Sequence[str], settling: Mapping[str, Any]) -> dict[str, Any]:
    """The hand's fields with every name as seated (names come in any case, as everywhere in
    a game); anything else as given, for ``settle`` to refuse."""
    given = dict(settling)
    for name in ("played", "penalties"):
        if isinstance(given.get(name), list):
            given[name] = [_seated(players, who) for who in given[name]]
    if isinstance(given.get("tricks"), Mapping):
        given["tricks"] = {_seated(players, who): count
                           for who, count in given["tricks"].items()}
    return given


def settle(table: TableRules, players: Sequence[str], given: Mapping[str, Any],
           strict: bool = True, before: Settlement | None = None,
           dealer: str | None = None) -> Settlement:
    """The hand settled against the pot ``before`` left (the first hand: everyone antes)."""
    names = list(players)
    night = start_night(names, ANTE) if before is None else NightState(
        ANTE, Decimal(before.pot), {name: Decimal(before.in_pot.get(name, 0)) for name in names},
        dict.fromkeys(names, Decimal(0)))
    trump_ace = given.get("trump_ace", False)
    if not isinstance(trump_ace, bool):
        raise WrongTypeError("trump_ace is true or false: was the turned card an ace?",
                             ("trump_ace",))
    tricks = given.get("tricks", {})
    if not isinstance(tricks, Mapping):
        raise WrongTypeError("Give the tricks as {name: tricks}.", ("tricks",))
    played = read_names(given.get("played", []), ("played",), names)
    penalties = read_penalties(given.get("penalties", []), played, names)
    after = record_hand(night, HandEntry(tuple(played), tricks, tuple(penalties), dealer,
                                         _AN_ACE if trump_ace else None), strict)
    hand = after.hands[-1]
    return Settlement(Outcome.WIN if hand.winner else Outcome.DRAW, (),
                      {name: int(after.standing[name] - night.standing[name])
                       for name in names},
                      _reason(hand, night.pot, len(names)), ended_by=(hand.winner,) if hand.winner else (),
                      pot=int(after.pot), in_pot={name: int(after.in_pot[name])
                                                  for name in names})


def _reason(hand: HandResult, pot: Decimal, seated: int) -> str:
    """The hand in words, counted in antes (the screens show the money beside)."""
    said = [f"{hand.winner} takes the pot of {_antes(pot)}" if hand.winner else
            f"A tie for the most tricks: the pot of {_antes(pot)} is carried"]
    for reason, verb in (("bourre", "went bourré"), ("penalty", "broke a rule of play")):
        who = [p.payer for p in hand.payments if p.why == reason]
        if who:
            said.append(f"{spoken_list(who)} {verb} and {'match' if len(who) > 1 else 'matches'}"
                        f" it")
    antes = hand.next_pot.antes
    said.append("everyone antes for the next hand" if len(antes) == seated else
                f"{spoken_list(list(antes)) or 'nobody'} "
                f"{'ante' if len(antes) > 1 else 'antes'} for the next hand")
    return "; ".join(said) + "."


def _antes(amount: Decimal) -> str:
    return f"{int(amount)} ante{'' if amount == 1 else 's'}"


def _seated(players: Sequence[str], name: Any) -> Any:
    if not isinstance(name, str):
        return name
    try:
        return players[seat_of(players, name, ())]
    except GameSetupError:
        return name
