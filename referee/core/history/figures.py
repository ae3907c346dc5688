"""A player's figures across every game they played: per game, against each regular opponent,
and the money of the games played for stakes; over a period (this year, last year, all time).

>>> from datetime import date, datetime
>>> from ..game.stats import GameSummary
>>> def game(n, totals, finished=True):
...     places = {name: 1 + sorted(totals.values(), reverse=True).index(total)
...               for name, total in totals.items()}
...     winners = tuple(n for n in places if places[n] == 1) if finished else ()
...     summary = GameSummary("500", "500 Rummy", tuple(totals), totals, 4, None, None,
...                           "first to 500", (), winners, finished, places=places)
...     return PlayedGame(f"g{n}", datetime(2026, 1, n), datetime(2026, 1, n, 3), summary)
>>> games = [game(1, {"Ann": 510, "Bo": 300}), game(2, {"Ann": 505, "Bo": 480}),
...          game(3, {"Ann": 100, "Bo": 520}), game(4, {"Ann": 40, "Bo": 80}, finished=False)]
>>> figures = player_figures("Ann", games, today=date(2026, 6, 1))
>>> [(g.title, g.played, g.finished, g.won, g.win_rate, g.longest_win_streak, g.current_streak)
...  for g in figures.games]
[('500 Rummy', 4, 3, 2, 0.6666666666666666, 2, 'lost the last game')]
>>> [(h.opponent, h.games_together, h.ahead, h.behind) for h in figures.head_to_head]
[('Bo', 3, 2, 1)]
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date, datetime
from decimal import Decimal
from enum import Enum

from ..games.registry import get_ruleset
from ..money import Currency
from .games import PlayedGame, Person, same_name, sides_of
from .units import money_of, signed_money

# Someone played against this often is a regular opponent, shown head to head.
REGULAR_OPPONENT = 2
RECENT_GAMES = 10


class Period(Enum):
    THIS_YEAR = "this-year"
    LAST_YEAR = "last-year"
    ALL_TIME = "all-time"

    @property
    def label(self) -> str:
        return {"this-year": "This year", "last-year": "Last year",
                "all-time": "All time"}[self.value]

    def holds(self, moment: datetime, today: date) -> bool:
        if self is Period.THIS_YEAR:
            return moment.year == today.year
        if self is Period.LAST_YEAR:
            return moment.year == today.year - 1
        return True


@dataclass(frozen=True)
class GameFigures:
    ruleset: str
    title: str
    played: int
    finished: int
    won: int
    win_rate: float | None  # of the finished games; None before any finished
    average_place: float | None
    average_hand: float | None
    best_total: int | None  # by the game's own direction; of finished games
    worst_total: int | None
    longest_win_streak: int
    current_streak: str  # "won the last 3 games", "lost the last game", "" before any
    best_hand: int | None = None
    worst_hand: int | None = None


@dataclass(frozen=True)
class HeadToHead:
    opponent: str
    games_together: int  # finished games on different sides
    ahead: int  # finished in a better place
    behind: int
    level: int


@dataclass(frozen=True)
class RecentGame:
    game_id: str
    title: str
    at: datetime
    finished: bool
    place: int | None  # once finished
    won: bool


@dataclass(frozen=True)
class PlayerFigures:
    name: str
    names_played_as: tuple[str, ...]
    games: tuple[GameFigures, ...]  # most played first
    head_to_head: tuple[HeadToHead, ...]  # most games together first
    money: str | None  # "+$12.50 over 9 games"; None: no game for money
    recent_games: tuple[RecentGame, ...]  # newest first


def player_figures(name: str, games: Iterable[PlayedGame], person: Person = same_name,
                   period: Period = Period.ALL_TIME, today: date | None = None
                   ) -> PlayerFigures:
    """``name``'s figures (``name`` is a person: any name joined to it counts) over the games
    of ``period``."""
    today = today or date.today()
    mine = sorted((game for game in games if period.holds(game.at, today)
                   and any(person(player) == name for player in game.summary.players)),
                  key=lambda game: (game.at, game.game_id))
    by_ruleset: dict[str, list[PlayedGame]] = {}
    for game in mine:
        by_ruleset.setdefault(game.summary.ruleset, []).append(game)
    figures = sorted((_game_figures(name, key, played, person)
                      for key, played in by_ruleset.items()),
                     key=lambda figures: (-figures.played, figures.title))
    played_as = dict.fromkeys(player for game in mine for player in game.summary.players
                              if person(player) == name)
    return PlayerFigures(name, tuple(played_as) or (name,), tuple(figures),
                         _head_to_head(name, mine, person), _money(name, mine, person),
                         tuple(_recent(name, game, person) for game in mine[::-1][:RECENT_GAMES]))


def _side(name: str, game: PlayedGame, person: Person):
    return next(side for side in sides_of(game.summary, person) if name in side.people)


def _game_figures(name: str, ruleset: str, played: Sequence[PlayedGame],
                  person: Person) -> GameFigures:
    better = get_ruleset(ruleset).keeping.ranking.sort_key
    finished = [game for game in played if game.summary.finished]
    sides = [(game, _side(name, game, person)) for game in finished]
    wins = [side.name in game.summary.winners for game, side in sides]
    totals = [side.total for _, side in sides]
    hands = sum(game.summary.hands_played for game in played)
    points = sum(_side(name, game, person).total for game in played)
    best_hands = [game.summary.best_hand[_side(name, game, person).name] for game in played
                  if _side(name, game, person).name in game.summary.best_hand]
    worst_hands = [game.summary.worst_hand[_side(name, game, person).name] for game in played
                   if _side(name, game, person).name in game.summary.worst_hand]
    return GameFigures(
        ruleset, get_ruleset(ruleset).title, len(played), len(finished), sum(wins),
        sum(wins) / len(finished) if finished else None,
        sum(side.place for _, side in sides) / len(sides) if sides else None,
        points / hands if hands else None,
        min(totals, key=better) if totals else None,
        max(totals, key=better) if totals else None,
        _longest(wins), _streak_words(wins),
        min(best_hands, key=better) if best_hands else None,
        max(worst_hands, key=better) if worst_hands else None)


def _longest(wins: Sequence[bool]) -> int:
    longest = running = 0
    for won in wins:
        running = running + 1 if won else 0
        longest = max(longest, running)
    return longest


def _streak_words(wins: Sequence[bool]) -> str:
    """The run the player is on now: ``'won the last 3 games'``, ``'lost the last game'``."""
    if not wins:
        return ""
    length = next((n for n, won in enumerate(reversed(wins)) if won != wins[-1]), len(wins))
    verb = "won" if wins[-1] else "lost"
    return f"{verb} the last game" if length == 1 else f"{verb} the last {length} games"


def _head_to_head(name: str, games: Sequence[PlayedGame], person: Person
                  ) -> tuple[HeadToHead, ...]:
    tally: dict[str, list[int]] = {}  # opponent -> [together, ahead, behind, level]
    for game in games:
        if not game.summary.finished:
            continue
        sides = sides_of(game.summary, person)
        mine = next(side for side in sides if name in side.people)
        for side in sides:
            if side is mine:
                continue
            for opponent in side.people:
                counts = tally.setdefault(opponent, [0, 0, 0, 0])
                counts[0] += 1
                counts[1 if mine.place < side.place else 2 if mine.place > side.place else 3] += 1
    regular = [HeadToHead(opponent, *counts) for opponent, counts in tally.items()
               if counts[0] >= REGULAR_OPPONENT]
    return tuple(sorted(regular, key=lambda h: (-h.games_together, h.opponent.casefold())))


def _money(name: str, games: Sequence[PlayedGame], person: Person) -> str | None:
    """The money won or lost over the games played for money, in each currency."""
    paid: dict[Currency, Decimal] = {}
    nights = 0
    for game in games:
        money = money_of(game.summary, _side(name, game, person).total)
        if money is not None:
            currency, amount = money
            paid[currency] = paid.get(currency, Decimal(0)) + amount
            nights += 1
    if not paid:
        return None
    amounts = " and ".join(signed_money(amount, currency) for currency, amount in paid.items())
    return f"{amounts} over {nights} game{'' if nights == 1 else 's'}"


def _recent(name: str, game: PlayedGame, person: Person) -> RecentGame:
    side = _side(name, game, person)
    finished = game.summary.finished
    return RecentGame(game.game_id, game.summary.title, game.at, finished,
                      side.place if finished else None,
                      finished and side.name in game.summary.winners)
