"""A game's records across every finished game of it: the best and worst final totals, the
best single hand, the biggest win, the longest run of wins; each with its game.

"Best" is the game's own direction (Eversol's lowest total is its best). The biggest win is
the winner's margin over the next side in points; in a game played for stakes it is what the
winner took, in money where the table set a stake (a night for money beats one for points).

>>> from datetime import datetime
>>> from ..game.stats import GameSummary
>>> def game(n, totals):
...     places = {name: 1 + sorted(totals.values(), reverse=True).index(total)
...               for name, total in totals.items()}
...     summary = GameSummary("500", "500 Rummy", tuple(totals), totals, 3, None, None,
...                           "first to 500", (), tuple(n for n in places if places[n] == 1),
...                           True, places=places, best_hand=totals, worst_hand=totals)
...     return FinishedGame(f"g{n}", datetime(2026, 1, n), summary)
>>> for record in records("500", [game(1, {"Ann": 510, "Bo": 300}),
...                               game(2, {"Ann": 505, "Bo": 480})]):
...     print(f"{record.title}: {record.holder}, {record.figure} ({record.game_id})")
Highest final total: Ann, 510 points (g1)
Lowest final total: Bo, 300 points (g1)
Best single hand: Ann, 510 points (g1)
Biggest win: Ann, by 210 points (g1)
Longest run of wins: Ann, 2 games in a row (g2)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from ..games.registry import get_ruleset
from .games import FinishedGame, Person, in_finish_order, same_name, sides_of
from .units import amount_words, for_stakes, money_of, units_words


@dataclass(frozen=True)
class Record:
    title: str  # in plain words: "Highest final total"
    holder: str  # the person (a team's people, joined with " & ")
    figure: str  # in words, with its units or money
    game_id: str
    finished_at: datetime


def records(ruleset: str, games: Sequence[FinishedGame],
            person: Person = same_name) -> tuple[Record, ...]:
    """The game's records, in a set order; a record none of the games holds is left out."""
    ordered = in_finish_order(g for g in games if g.summary.ruleset == ruleset)
    if not ordered:
        return ()
    keeping = get_ruleset(ruleset).keeping
    ranking = keeping.ranking
    better = ranking.sort_key  # smaller is better
    found: list[Record] = []

    def record(title, candidates, figure) -> None:
        """The first (earliest) best of ``candidates``: (key, game, side, value) tuples."""
        if candidates:
            _, game, side, value = min(candidates, key=lambda c: c[0])
            found.append(Record(title, " & ".join(side.people), figure(game, value),
                                game.game_id, game.finished_at))

    totals = [(game, side) for game in ordered for side in sides_of(game.summary, person)]
    best_word, worst_word = (("Highest", "Lowest") if better(1) < better(0)
                             else ("Lowest", "Highest"))
    record(f"{best_word} final total",
           [((better(side.total), n), game, side, side.total)
            for n, (game, side) in enumerate(totals)],
           lambda game, value: amount_words(game.summary, value))
    record(f"{worst_word} final total",
           [((-better(side.total), n), game, side, side.total)
            for n, (game, side) in enumerate(totals)],
           lambda game, value: amount_words(game.summary, value))
    hands = [(game, side, game.summary.best_hand[side.name])
             for game, side in totals if side.name in game.summary.best_hand]
    record("Best single hand",
           [((better(hand), n), game, side, hand) for n, (game, side, hand) in enumerate(hands)],
           lambda game, value: amount_words(game.summary, value))
    record("Biggest win", _wins(ordered, person),
           lambda game, value: ("took " if for_stakes(ruleset) else "by ")
           + (amount_words(game.summary, value) if for_stakes(ruleset)
              else units_words(ruleset, value)))
    record("Longest run of wins", _runs(ordered, person),
           lambda game, value: f"{value} game{'' if value == 1 else 's'} in a row")
    return tuple(found)


def _wins(ordered: Sequence[FinishedGame], person: Person) -> list:
    """Each game's winner with the size of the win, biggest first by key."""
    candidates = []
    for n, game in enumerate(ordered):
        sides = sorted(sides_of(game.summary, person), key=lambda side: side.place)
        if len(sides) < 2 or sides[0].place == sides[1].place:
            continue  # no win to measure: a shared first place
        winner = sides[0]
        if for_stakes(game.summary.ruleset):
            money = money_of(game.summary, winner.total)
            # A night for money beats any for points: its key sorts first.
            key = (0, -money[1]) if money else (1, -winner.total)
            candidates.append(((*key, n), game, winner, winner.total))
        else:
            margin = abs(winner.total - sides[1].total)
            candidates.append(((-margin, n), game, winner, margin))
    return candidates


def _runs(ordered: Sequence[FinishedGame], person: Person) -> list:
    """Each person's longest run of games won in a row (of the games they played), ending
    in its last game."""
    running: dict[str, int] = {}
    best: dict[str, tuple[int, int, FinishedGame]] = {}
    for n, game in enumerate(ordered):
        winners = set(game.summary.winners)
        for side in sides_of(game.summary, person):
            for who in side.people:
                won = side.name in winners
                running[who] = running.get(who, 0) + 1 if won else 0
                if won and running[who] > best.get(who, (0,))[0]:
                    best[who] = (running[who], n, game)
    candidates = []
    for who, (length, n, game) in best.items():
        holder = _Holder((who,))
        candidates.append(((-length, n), game, holder, length))
    return candidates


@dataclass(frozen=True)
class _Holder:
    people: tuple[str, ...]
