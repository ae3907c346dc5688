"""Escoba as a kept game: each side's points after each hand (typed, or from its captures),
played to a target (21), the highest total winning once a side reaches it; a tie at the top
plays on. Four may play as two partnerships (a house option); the deal passes to the right.

>>> from referee.core.model.keeping import ScoreSheet
>>> table = ESCOBA.configure()
>>> ESCOBA.keeping.score(table, ("Ann", "Bo"), ScoreSheet(None, scores={"Ann": 4, "Bo": 1})).scores
{'Ann': 4, 'Bo': 1}
>>> ESCOBA.keeping.end(table.options).describe()
'first to 21'
"""

from __future__ import annotations

from ...model.keeping import (Direction, EntryShape, Keeping, Partnerships, Ranking, Team,
                              end_from_options)
from ...model.ruleset import OptionSpec, game_without_melds
from ...model.teams import read_teams, split_teams
from .cards import DECK, TITLE, capture_value
from .kept import MOST_TOGETHER, SIDE_SHEET, hand_bounds, hand_scores
from .options import DESCRIPTIONS, GAME_TARGET, TARGET_RANGE
from .rules_text import RULES_TEXT

HAND_SIZE = 3
MOST_IN_HAND = MOST_TOGETHER  # all to one side; together, no more (``hand_bounds``)

# Four may play as two partnerships, partners opposite (seated alternately).
TEAM_SHAPES = ((2, 2),)


def _default_teams(players, teams: int | None = None) -> tuple[Team, ...]:
    return split_teams(players, teams or 2, TEAM_SHAPES, TITLE)


def _check_teams(teams) -> tuple[Team, ...]:
    return read_teams(teams, TEAM_SHAPES, TITLE)


OPTIONS = (
    OptionSpec("target", GAME_TARGET, DESCRIPTIONS["target"], minimum=TARGET_RANGE[0],
               maximum=TARGET_RANGE[1], question="How many points end the game?"),
    OptionSpec("must_capture", False, DESCRIPTIONS["must_capture"],
               question="Must a capture that can be made be made?"),
)

ESCOBA = game_without_melds(
    key="escoba",
    title=TITLE,
    summary="Two to four players, a 40-card deck; capture table cards that make 15 with the "
            "card you play. Each hand scores the most cards, the most diamonds, the 7 of "
            "diamonds, la setenta and each escoba; first to 21 wins.",
    option_specs=OPTIONS,
    deck=DECK,
    card_value=capture_value,
    hand_size=HAND_SIZE,
    players=(2, 4),
    keeping=Keeping(EntryShape.SCORES, Ranking.HIGHEST_FIRST,
                    end=end_from_options(target="target"), stock_may_run_out=True,
                    most_per_hand=MOST_IN_HAND, score_bounds=hand_bounds, read_sides=hand_scores,
                    side_sheet=SIDE_SHEET,
                    deal_passes=Direction.RIGHT,
                    partnerships=Partnerships(TEAM_SHAPES, _default_teams, _check_teams,
                                              optional=True)),
    rules_text=RULES_TEXT,
)
