"""The standings as the screens show them: a row a hand, a cell a player (or a team, in a game
of teams), in any kept game.

A game of a set number of hands shows every hand from the start (the ones to
come empty, with their dealer and contract); a game played to a target shows
the hands played and the one being played. Each cell holds the running total
and that hand's score, with a mark for whoever went out (or went rummy).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from ...core.game import GameState
from ...core.model.ruleset import Contract
from .ledger import hand_ending


@dataclass(frozen=True)
class Cell:
    points: int  # the hand's score, as the totals count it
    running: int
    mark: str | None  # "out", "rummy" or "won" for the one who ended the hand

    @property
    def went_out(self) -> bool:
        return self.mark is not None

    @property
    def mark_alone(self) -> bool:
        """Whether the mark says it all: no points beside it, or a win that counts one
        (read "won", never "+1 out")."""
        return self.mark is not None and (not self.points or self.mark == "won")


@dataclass(frozen=True)
class StandingsRow:
    hand: int
    contract: Contract | None  # in a game with contracts
    dealer: str | None  # None for a hand whose dealer is the next winner
    cells: tuple[Cell, ...] | None  # None for a hand not played yet
    corrections: tuple[str, ...]
    nobody_out: bool = False  # the stock ran out
    ending: str | None = None  # a hand for stakes: how it ended, "drop by Cy, caught"


def _shown_hands(state: GameState) -> int:
    played = len(state.results)
    if state.finished:  # a game ended early keeps no empty rows
        return played
    return max(played + 1, state.hands_in_game or 0)


def standings_rows(state: GameState) -> list[StandingsRow]:
    running = state.running_totals()
    rows = []
    for hand in range(1, _shown_hands(state) + 1):
        result = state.results[hand - 1] if hand <= len(state.results) else None
        contract = state.contracts[hand - 1] if hand <= len(state.contracts) else None
        if result is None:
            rows.append(StandingsRow(hand, contract, state.known_dealer_of(hand), None, ()))
            continue
        # A hand for stakes: its row says how it ended, and no cell bears a mark.
        stakes = state.keeping.stakes is not None
        mark = (None if stakes else "rummy" if result.went_rummy
                else "out" if state.keeping.total_word == "points" else "won")
        cells = tuple(Cell(result.scores[name], running[hand - 1][name],
                           mark if name == result.went_out else None)
                      for name in state.sides)
        rows.append(StandingsRow(
            hand, contract, state.dealer_of(hand), cells, result.corrections,
            nobody_out=not stakes and state.keeping.goes_out and result.went_out is None,
            ending=hand_ending(result.settling, result.settlement) if stakes else None))
    return rows


def ranking_places(ranking) -> list[tuple]:
    """Each place with whether it is shared (equal totals): ``(place, shared)``."""
    counts = Counter(p.place for p in ranking)
    return [(p, counts[p.place] > 1) for p in ranking]


def partners(state: GameState) -> dict[str, str]:
    """Each team's players, in a game of teams, for a team whose name does not already say
    them (a team the table named): shown under its name."""
    return {team.name: team.partners for team in state.setup.teams if team.named}
