"""Players across games: how often they played and won, and what a hand brings them.

A hand's score means something different in each game (Eversol counts what was
caught against you, 500 what you melded less what you held), so the average
hand is kept per game.

>>> from referee.core.game import GameSetup, HandScored, replay
>>> one = replay(GameSetup.create("eversol", ["Abe", "Ben"], first_dealer="Abe"),
...              [HandScored(1, "Ben", {"Abe": 20})])
>>> [(s.name, s.played, s.won, s.average_hands) for s in player_stats([GameSummary.of(one)])]
[('Abe', 1, 0, {'Eversol Rummy': 20.0}), ('Ben', 1, 0, {'Eversol Rummy': 0.0})]
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import asdict, dataclass, field
from typing import Any

from ..games.registry import get_ruleset
from ..model.keeping import Team
from ..text import name_key
from .state import GameState


# The fields the family's history added: a summary kept without them is folded again.
HISTORY_FIELDS = ("places", "best_hand", "worst_hand")


@dataclass(frozen=True)
class GameSummary:
    """What a list of games and the players' page show of one game: small enough to keep
    for every game, so neither refolds a game per request."""

    ruleset: str
    title: str
    players: tuple[str, ...]
    totals: dict[str, int]
    hands_played: int
    hand: int | None  # being played; None once over
    hands_in_game: int | None
    end: str  # when the game ends, in words
    leaders: tuple[str, ...]
    winners: tuple[str, ...]
    finished: bool
    # In a game of teams, each player's team, whose total and win count for the player.
    teams: dict[str, str] = field(default_factory=dict)
    # The ruleset's scoring edition that folded it: one kept before (1, or an older summary
    # without it) is folded again once the ruleset's figures changed.
    scoring_edition: int = 1
    # What the family's history reads (``core.history``), by side: the place in the final
    # ranking (equal totals share it), and the best and worst single hand by the game's own
    # direction (Eversol's lowest is its best). A summary kept without them is folded again.
    places: dict[str, int] = field(default_factory=dict)
    best_hand: dict[str, int] = field(default_factory=dict)
    worst_hand: dict[str, int] = field(default_factory=dict)
    # A game for stakes: the money one stake is worth ("0.25"; None: points) and its currency.
    stake: str | None = None
    currency: str | None = None

    @classmethod
    def of(cls, state: GameState) -> GameSummary:
        teams = {player: team.name for team in state.setup.teams for player in team.players}
        ruleset = get_ruleset(state.setup.ruleset)
        better = state.keeping.ranking.sort_key
        hands: dict[str, list[int]] = {side: [] for side in state.sides}
        for result in state.results:
            for side, score in result.scores.items():
                hands.setdefault(side, []).append(score)
        # Who left midway played in it too: their total stays theirs.
        return cls(state.setup.ruleset, ruleset.title,
                   (*state.players, *state.left),
                   state.totals, len(state.results), state.hand, state.hands_in_game,
                   state.end.describe(ruleset.hand_noun),
                   tuple(state.leaders), tuple(state.winners),
                   state.finished, teams, ruleset.scoring_edition,
                   places={place.name: place.place for place in state.ranking},
                   best_hand={side: min(scores, key=better)
                              for side, scores in hands.items() if scores},
                   worst_hand={side: max(scores, key=better)
                               for side, scores in hands.items() if scores},
                   stake=state.setup.stake, currency=state.setup.currency)

    @property
    def sides(self) -> tuple[str, ...]:
        """Who plays, as a list of games names them: in a game of teams each team (its players
        beside a name of its own), else each player.

        >>> GameSummary("hand-and-foot", "Hand and Foot", ("Ann", "Bo", "Cy", "Di"), {}, 0, 1, 4,
        ...             "4 hands", (), (), False, {"Ann": "Us", "Cy": "Us", "Bo": "Bo & Di",
        ...                                         "Di": "Bo & Di"}).sides
        ('Us (Ann & Cy)', 'Bo & Di')
        """
        if not self.teams:
            return self.players
        members: dict[str, list[str]] = {}
        for player in self.players:
            members.setdefault(self.teams.get(player, player), []).append(player)
        return tuple(Team(name, tuple(players)).label for name, players in members.items())

    @property
    def leading(self) -> str:
        """Who leads, in words: "Ann leads", "Ann and Bo lead", and a team, being several
        players, "Ann & Cy lead"; empty before the first hand."""
        if not self.leaders:
            return ""
        several = len(self.leaders) > 1 or bool(self.teams)
        return f"{' and '.join(self.leaders)} {'lead' if several else 'leads'}"

    def side_of(self, player: str) -> str:
        """Whose total is the player's: their team's, in a game of teams."""
        return self.teams.get(player, player)

    def to_dict(self) -> dict[str, Any]:
        """As kept in the database, next to the version it describes."""
        return asdict(self)

    @classmethod
    def from_dict(cls, kept: Mapping[str, Any]) -> GameSummary:
        """A kept summary; ``TypeError`` or ``LookupError`` for one of another shape (kept by
        an older version of the app, or folded by an earlier scoring edition of its ruleset),
        which the caller folds again.

        The title is the ruleset's as it is called now, whatever it was called then.
        """
        fields = dict(kept)
        fields["title"] = get_ruleset(fields["ruleset"]).title
        for name in ("players", "leaders", "winners"):
            fields[name] = tuple(fields[name])
        fields["totals"] = dict(fields["totals"])
        fields["teams"] = dict(fields.get("teams", {}))
        for name in HISTORY_FIELDS:  # kept before the history read them: folded again
            fields[name] = dict(fields[name])
        if fields.get("scoring_edition", 1) != get_ruleset(fields["ruleset"]).scoring_edition:
            raise LookupError("folded by an earlier edition of the game's scoring")
        return cls(**fields)


@dataclass
class PlayerStats:
    name: str
    played: int = 0  # games they sat in, finished or not
    finished: int = 0
    won: int = 0  # finished games they won by the game's own ranking (shared wins count)
    # By the game's title: hands played and the sum of their scores.
    hands: dict[str, list[int]] = field(default_factory=dict)

    @property
    def average_hands(self) -> dict[str, float]:
        """The average score of a hand, by game, for the games with a hand played."""
        return {title: points / count for title, (count, points) in self.hands.items() if count}


def player_stats(games: Iterable[GameSummary]) -> list[PlayerStats]:
    """Everyone who played, most games first, then by name."""
    tally: dict[str, PlayerStats] = {}
    for game in games:
        winners = set(game.winners)
        for name in game.players:
            stats = tally.setdefault(name_key(name), PlayerStats(name))
            stats.played += 1
            stats.finished += game.finished
            stats.won += game.side_of(name) in winners
            count_points = stats.hands.setdefault(game.title, [0, 0])
            count_points[0] += game.hands_played
            count_points[1] += game.totals[game.side_of(name)]
    return sorted(tally.values(), key=lambda s: (-s.played, name_key(s.name)))
