"""Piquet as a kept game: a partie of six deals, each player's score typed after each deal,
the deal alternating (the elder is the non-dealer), and at the end the margin with the
Rubicon (``partie_result``).

>>> from referee.core.model.keeping import ScoreSheet
>>> table = PIQUET.configure()
>>> PIQUET.keeping.score(table, ("Ann", "Ben"), ScoreSheet(None, scores={"Ann": 40, "Ben": 12})).scores
{'Ann': 40, 'Ben': 12}
>>> PIQUET.keeping.roles("Ben", ("Ann", "Ben"))
'Ann is elder (leads); Ben, the dealer, is younger.'
>>> PIQUET.keeping.finish({"Ann": 117, "Ben": 96}).words
'Ben did not reach 100: Ann wins by 313 (Rubicon).'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ...model.keeping import EntryShape, Finish, GameEnd, Keeping, Ranking
from ...model.ruleset import game_without_melds
from .cards import DECK, HAND_SIZE, TITLE, point_value
from .kept import deal_bounds, deal_scores
from .partie import DEALS, RUBICON, partie_result
from .rules_text import RULES_TEXT
from .sheet import SHEET

# A typo guard for every deal, those saved before the cards' bounds were checked too
# (``deal_bounds``, 185 at the most, for a deal entered now).
MOST_IN_DEAL = 250


def roles(dealer: str, players: Sequence[str]) -> str:
    """Who is elder and who younger in a deal: the non-dealer leads."""
    elder = next(name for name in players if name != dealer)
    return f"{elder} is elder (leads); {dealer}, the dealer, is younger."


def finish(totals: Mapping[str, int]) -> Finish:
    """The partie's end in words, and its margin and Rubicon for the game's document."""
    result = partie_result(totals, deals=None)
    if result.winner is None:
        return Finish("Equal totals: the partie is drawn.", {"margin": None, "rubicon": False})
    loser = next(name for name in totals if name != result.winner)
    words = f"{result.winner} wins by {result.margin}."
    if result.rubicon:
        words = (f"{loser} did not reach {RUBICON}: {result.winner} wins by {result.margin} "
                 "(Rubicon).")
    return Finish(words, {"margin": result.margin, "rubicon": result.rubicon})


PIQUET = game_without_melds(
    key="piquet",
    title=TITLE,
    summary="Two players, a 32-card deck; each deal scores declarations (point, sequence, "
            "sets) and tricks. A partie is six deals, the deal alternating; the higher total "
            "wins, by more when the loser stays under 100 (the Rubicon).",
    deck=DECK,
    card_value=point_value,
    hand_size=HAND_SIZE,
    hand_noun="deal",  # a partie is six deals
    players=(2, 2),
    keeping=Keeping(EntryShape.SCORES, Ranking.HIGHEST_FIRST,
                    end=lambda options: GameEnd(hands=DEALS), stock_may_run_out=True,
                    most_per_hand=MOST_IN_DEAL, score_bounds=deal_bounds, roles=roles,
                    finish=finish,
                    read_deal=deal_scores, deal_sheet=SHEET),
    rules_text=RULES_TEXT,
)
