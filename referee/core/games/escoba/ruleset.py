"""Escoba as a kept game: each player's points typed after each hand, played to a target
(21), the highest total winning once someone reaches it; a tie at the top plays on.

>>> from referee.core.model.keeping import ScoreSheet
>>> table = ESCOBA.configure()
>>> ESCOBA.keeping.score(table, ("Ann", "Bo"), ScoreSheet(None, scores={"Ann": 4, "Bo": 1})).scores
{'Ann': 4, 'Bo': 1}
>>> ESCOBA.keeping.end(table.options).describe()
'first to 21'
"""

from __future__ import annotations

from ...melds import MeldRules
from ...model.keeping import EntryShape, Keeping, Ranking, end_from_options
from ...model.ruleset import OptionSpec, Ruleset
from .cards import DECK, TITLE, capture_value
from .kept import hand_scores
from .options import DESCRIPTIONS, GAME_TARGET, TARGET_RANGE
from .rules_text import RULES_TEXT

HAND_SIZE = 3
# Four points a hand and the escobas: a hand can hold a dozen escobas only on paper.
MOST_IN_HAND = 24

OPTIONS = (
    OptionSpec("target", GAME_TARGET, DESCRIPTIONS["target"], minimum=TARGET_RANGE[0],
               maximum=TARGET_RANGE[1], label="Points to win"),
    OptionSpec("must_capture", False, DESCRIPTIONS["must_capture"],
               label="Must capture"),
)

ESCOBA = Ruleset(
    key="escoba",
    title=TITLE,
    summary="Two to four players, a 40-card deck; capture table cards that make 15 with the "
            "card you play. Each hand scores the most cards, the most diamonds, the 7 of "
            "diamonds, la setenta and each escoba; first to 21 wins.",
    option_specs=OPTIONS,
    meld_rules=lambda options: MeldRules(game=TITLE),
    deck=lambda options: DECK,
    card_value=lambda card, options, low_ace_in_run=False: capture_value(card),
    deal_size=lambda players, hand, options: HAND_SIZE,
    deal_table=({"players": "2-4", "cards": HAND_SIZE},),
    recommended_decks=lambda players: 1,
    short_title=TITLE,
    players=(2, 4),
    most_decks=1,
    keeping=Keeping(EntryShape.SCORES, Ranking.HIGHEST_FIRST,
                    end=end_from_options(target="target"), stock_may_run_out=True,
                    most_per_hand=MOST_IN_HAND, read_sides=hand_scores),
    arranges=False,
    has_melds=False,
    rules_text=RULES_TEXT,
)
