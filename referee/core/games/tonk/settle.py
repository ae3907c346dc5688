r"""What a Tonk hand pays, in stakes, for each way it can end.

>>> done = settle(["Ann", "Bob", "Cy"], Ending.DROP, player="Ann",
...               counts={"Ann": 5, "Bob": 5, "Cy": 20})
>>> done.outcome.value, dict(done.net)
('caught', {'Ann': 0, 'Bob': 2, 'Cy': -2})
>>> [(p.payer, p.payee, p.stakes) for p in done.payments]
[('Ann', 'Bob', 1), ('Cy', 'Ann', 1), ('Cy', 'Bob', 1)]
>>> print(*done.reason.split("; "), sep="\n")
Ann dropped with 5, but Bob has 5: Ann is caught and pays Bob 1 stake
everyone else pays Ann and Bob, the lowest, 1 stake each.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from enum import Enum
from dataclasses import replace
from types import MappingProxyType
from typing import Any

from ...cards import Card
from ...ledger import stakes_text
from ...text import name_key, spoken_list
from ...errors import (
    CardCountError,
    GoingOutError,
    ImpossibleScoreError,
    MissingCountError,
    PlayerCountError,
    PlayerNameError,
    DealtClaimError,
    UnknownPlayerError,
    WrongTypeError,
)
from ...model.ruleset import Options
from ...model.stakes import Outcome, Payment, Settlement
from .cards import HAND_SIZE, LEAST_DEALT, MOST_COUNT, counts_fit
from .deal import HOUSE_TONK_TOTAL, LOW_TONK, TONK_TOTAL, is_tonk, tonk_total
from .options import TITLE, resolve_options

MIN_PLAYERS, MAX_PLAYERS = 2, 5
TONK_STAKES = 2  # a tonk on the deal, or tonking out
RUN_OUT_STAKES = 1
DROP_STAKES = 1
LOWEST_STAKES = 1  # the stock run out, or the lowest count after a caught drop


class Ending(Enum):
    TONK_ON_DEAL = "tonk_on_deal"
    DROP = "drop"
    STOCK_OUT = "stock_out"
    RUN_OUT = "run_out"
    TONK_OUT = "tonk_out"


def settle(players: Sequence[str], ending: Ending | str, player: str | None = None,
           tonks: Iterable[str] = (), counts: Mapping[str, int] | None = None,
           options: Options | None = None,
           hands: Mapping[str, Sequence[Card]] | None = None, strict: bool = True) -> Settlement:
    """Settle one hand. ``players`` in order of play; ``player`` dropped, ran out or tonked out;
    ``tonks`` declared a tonk on the deal; ``counts`` every player's count (a drop and the stock
    run out need them); ``hands``, when known, the dealt cards of those who declared a tonk.
    ``strict`` off settles a hand saved before counts were held to what a hand of one deck
    can hold, so a saved night still loads."""
    players = _check_players(players)
    ending = _check_ending(ending)
    options = resolve_options(options)
    counts = _check_counts(counts, players, strict)
    tonks = _check_tonks(tonks, players, ending, hands, options, counts if strict else None)
    player = _check_player(player, players, ending)
    settled = _settled(players, ending, player, tonks, counts)
    return replace(settled, ended_by=tuple(tonks) if player is None else (player,))


def _settled(players: list[str], ending: Ending, player: str | None, tonks: list[str],
             counts: Mapping[str, int] | None) -> Settlement:
    if ending is Ending.TONK_ON_DEAL:
        return _tonk_on_deal(players, tonks)
    if ending is Ending.DROP:
        _need_counts(counts, players, ending)
        return _drop(players, player, counts)
    if ending is Ending.STOCK_OUT:
        _need_counts(counts, players, ending)
        return _stock_out(players, counts)
    stakes = TONK_STAKES if ending is Ending.TONK_OUT else RUN_OUT_STAKES
    how = ("tonked out, playing the last card to a spread" if ending is Ending.TONK_OUT
           else "ran out, discarding the last card")
    return _everyone_pays(players, player, stakes, f"{player} {how}")


# --- The endings -----------------------------------------------------------------------------

def _tonk_on_deal(players: list[str], tonks: list[str]) -> Settlement:
    if len(tonks) == 1:
        return _everyone_pays(players, tonks[0], TONK_STAKES, f"{tonks[0]} was dealt a tonk")
    return _draw(players, f"{spoken_list(tonks)} were each dealt a tonk: the hand is a draw and "
                          "nobody pays.")


def _drop(players: list[str], dropper: str, counts: Mapping[str, int]) -> Settlement:
    mine = counts[dropper]
    others = [name for name in players if name != dropper]
    if all(counts[name] > mine for name in others):
        shown = ", ".join(f"{name} {counts[name]}" for name in others)
        return _everyone_pays(players, dropper, DROP_STAKES,
                              f"{dropper} dropped with {mine}, below every other count ({shown})")
    owed: Counter[tuple[str, str]] = Counter()
    catchers = [name for name in others if counts[name] <= mine]
    for name in catchers:
        owed[dropper, name] += DROP_STAKES
    lowest = min(counts.values())
    lows = [name for name in players if counts[name] == lowest]
    for payer in players:
        if payer not in lows:
            for payee in lows:
                owed[payer, payee] += LOWEST_STAKES
    caught_by = [f"{catchers[0]} has {counts[catchers[0]]}",
                 *(f"{name} {counts[name]}" for name in catchers[1:])]
    each = " each" if len(catchers) > 1 else ""
    reason = (f"{dropper} dropped with {mine}, but {spoken_list(caught_by)}: {dropper} is caught "
              f"and pays {spoken_list(catchers)} {stakes_text(DROP_STAKES)}{each}; "
              f"{_lowest_part(players, lows)}.")
    return _settlement(Outcome.CAUGHT, players, owed, reason)


def _stock_out(players: list[str], counts: Mapping[str, int]) -> Settlement:
    lowest = min(counts.values())
    lows = [name for name in players if counts[name] == lowest]
    if len(lows) > 1:
        return _draw(players, f"The stock ran out with {spoken_list(lows)} tied for the lowest count "
                              f"({lowest}): the hand is a draw and nobody pays.")
    return _everyone_pays(players, lows[0], LOWEST_STAKES,
                          f"The stock ran out and {lows[0]} has the lowest count ({lowest})")


# --- Building the answer ---------------------------------------------------------------------

def _everyone_pays(players: list[str], winner: str, stakes: int, what: str) -> Settlement:
    payers = [name for name in players if name != winner]
    owed = Counter({(payer, winner): stakes for payer in payers})
    verb = "pays" if len(payers) == 1 else "each pay"
    reason = f"{what}: {spoken_list(payers)} {verb} {winner} {stakes_text(stakes)}."
    return _settlement(Outcome.WIN, players, owed, reason)


def _draw(players: list[str], reason: str) -> Settlement:
    return _settlement(Outcome.DRAW, players, Counter(), reason)


def _settlement(outcome: Outcome, players: list[str], owed: Counter[tuple[str, str]],
                reason: str) -> Settlement:
    seat = {name: i for i, name in enumerate(players)}
    pairs = sorted((pair for pair, stakes in owed.items() if stakes), key=lambda pair: (
        seat[pair[0]], seat[pair[1]]))
    net = {name: 0 for name in players}
    for payer, payee in pairs:
        net[payer] -= owed[payer, payee]
        net[payee] += owed[payer, payee]
    return Settlement(outcome, tuple(Payment(payer, payee, owed[payer, payee])
                                     for payer, payee in pairs),
                      MappingProxyType(net), reason)


def _lowest_part(players: list[str], lows: list[str]) -> str:
    if len(lows) == len(players):
        return "everyone is tied for the lowest, so nobody pays the lowest"
    each = " each" if len(lows) > 1 else ""
    return f"everyone else pays {spoken_list(lows)}, the lowest, {stakes_text(LOWEST_STAKES)}{each}"


# --- Checking the question -------------------------------------------------------------------

def _check_players(players: Any) -> list[str]:
    if isinstance(players, (str, bytes, Mapping)) or not isinstance(players, Sequence):
        raise WrongTypeError("players must be a list of names in order of play.", ("players",))
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise PlayerCountError(f"{TITLE} is played by {MIN_PLAYERS} to {MAX_PLAYERS} players, "
                               f"not {len(players)}.", ("players",))
    seen: set[str] = set()
    for i, name in enumerate(players):
        if not isinstance(name, str) or not name.strip():
            raise PlayerNameError("Each player needs a name.", ("players", i))
        if name_key(name) in seen:  # as every player list: Ann and ann are one player
            raise PlayerNameError(f"{name} is named twice.", ("players", i))
        seen.add(name_key(name))
    return list(players)


def _check_ending(ending: Any) -> Ending:
    if isinstance(ending, Ending):
        return ending
    try:
        return Ending(ending)
    except ValueError:
        listed = ", ".join(e.value for e in Ending)
        raise WrongTypeError(f"ending must be one of: {listed}.", ("ending",)) from None


def _check_player(player: Any, players: list[str], ending: Ending) -> str | None:
    needed = ending in (Ending.DROP, Ending.RUN_OUT, Ending.TONK_OUT)
    if player is None:
        if needed:
            raise GoingOutError(f"Say who ended the hand: a {ending.value.replace('_', ' ')} "
                                "is one player's.", ("player",))
        return None
    if not needed:
        raise GoingOutError(f"Nobody in particular ends a hand by a "
                            f"{ending.value.replace('_', ' ')}: leave player empty.",
                            ("player",))
    _known(player, players, ("player",))
    return player


def _check_tonks(tonks: Any, players: list[str], ending: Ending,
                 hands: Mapping[str, Sequence[Card]] | None, options: Options,
                 counts: Mapping[str, int] | None) -> list[str]:
    """The declared tonks; a declarer's count, given with a tonk on the deal, is what the
    dealt cards total, so it too must make a tonk (``counts`` is None for a saved hand
    settled leniently, which must still load)."""
    if isinstance(tonks, (str, bytes, Mapping)) or not isinstance(tonks, Iterable):
        raise WrongTypeError("tonks must be a list of names.", ("tonks",))
    tonks = list(tonks)
    if ending is not Ending.TONK_ON_DEAL:
        if tonks:
            raise GoingOutError("A tonk on the deal ends the hand before anyone plays: name "
                                "tonks only with that ending.", ("tonks",))
        return []
    if not tonks:
        raise GoingOutError("Name the player or players who declared a tonk.", ("tonks",))
    for i, name in enumerate(tonks):
        _known(name, players, ("tonks", i))
        if name in tonks[:i]:
            raise PlayerNameError(f"{name} is named twice.", ("tonks", i))
        if hands is not None and name in hands and not is_tonk(hands[name], options,
                                                               ("hands", name)):
            raise DealtClaimError(f"{name}'s dealt cards are not a tonk.", ("hands", name))
        if counts is not None and name in counts and not tonk_total(counts[name], options):
            raise DealtClaimError(f"{name} was dealt {counts[name]}, which is not a tonk "
                                  f"({_tonk_totals(options)}).", ("counts", name))
    return tonks


def _tonk_totals(options: Options) -> str:
    high = f"{HOUSE_TONK_TOTAL} or {TONK_TOTAL}" if options["tonk_on_49"] else str(TONK_TOTAL)
    return (f"a tonk is dealt {high}, or {LEAST_DEALT} to {LOW_TONK}: five cards count "
            f"{LEAST_DEALT} at the least")


def _check_counts(counts: Any, players: list[str], strict: bool) -> Mapping[str, int] | None:
    if counts is None:
        return None
    if not isinstance(counts, Mapping):
        raise WrongTypeError("counts must be an object of counts by player.", ("counts",))
    for name, value in counts.items():
        _known(name, players, ("counts", str(name)))
        if not isinstance(value, int) or isinstance(value, bool):
            raise WrongTypeError(f"{name}'s count must be a whole number.", ("counts", name))
        if value < 0:
            raise CardCountError(f"{name}'s count cannot be below 0.", ("counts", name))
        if value > MOST_COUNT and strict:
            raise ImpossibleScoreError(f"{name}'s count of {value} is more than {HAND_SIZE} "
                                       f"cards can be worth ({MOST_COUNT}): a hand holds at "
                                       f"most {HAND_SIZE}.", ("counts", name))
    if strict and not counts_fit(counts.values()):
        raise ImpossibleScoreError("One deck does not hold cards enough for all these counts at "
                                   "once: one of them is wrong.", ("counts",))
    return counts


def _need_counts(counts: Mapping[str, int] | None, players: list[str], ending: Ending) -> None:
    what = "a drop" if ending is Ending.DROP else "the stock running out"
    if counts is None:
        raise MissingCountError(f"Settling {what} needs every player's count.", ("counts",))
    for name in players:
        if name not in counts:
            raise MissingCountError(f"Settling {what} needs {name}'s count too.",
                                    ("counts", name))


def _known(name: Any, players: list[str], location: tuple) -> None:
    if name not in players:
        shown = str(name)[:40]
        raise UnknownPlayerError(f"Nobody called {shown!r} is playing in this hand.", location)
